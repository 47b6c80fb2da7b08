// Before the app renders in a language other than English: its words (the frame, the home page,
// the engine's) and how numbers, money and dates read. Only the chosen language's module loads.
import { loaders } from "virtual:content-locales";
import { chosenLocale, LOCALES } from "./locale";

/** Loads the chosen language's words (nothing for English); a failure leaves the page in English. */
export async function loadChosenLocale(): Promise<void> {
  const code = chosenLocale();
  const load = loaders[code];
  const locale = LOCALES.find((l) => l.code === code);
  if (!load || !locale) return;
  try {
    const [{ default: strings }, format, words, content, pointer] = await Promise.all([
      load(),
      import("@engine/base/format"),
      import("@engine/locale/words"),
      import("./content-text"),
      import("@engine/base/pointer"),
    ]);
    format.setDisplayLocale(locale.intl);
    words.setWordsTable(strings.words as Parameters<typeof words.setWordsTable>[0]);
    content.setContentTable(strings.content, pointer.setAt);
  } catch {
    // English words on a page whose lang says otherwise beat no page: the next load tries again.
  }
}
