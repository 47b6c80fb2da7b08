// The capacity bench's applicants read their texted and mailed codes from the development outbox
// as a person reads their phone. Each file is read once for all of them: a watcher (inotify) names
// the new files, each is parsed into (recipient, code) and indexed, and a lookup is a map read.
// Before, every lookup listed the whole outbox (thousands of files by the end of a run) and read
// each file sent since its step, on the thread whose CPU the server's second core needs.
import { watch, type FSWatcher } from "node:fs";
import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** A file's recipient and the code it carries, or undefined when it carries none (yet). */
export type ParseCode = (text: string) => { to: string; code: string } | undefined;

/** A sent file's name: `<time>-<sequence>-<random>.<ext>`, so names sort by the time they were sent. */
interface Sent {
  name: string;
  code: string;
}

export class OutboxCodes {
  /** Files read: with a code, or without one (a notice; read again only when the watcher names it again). */
  private readonly read = new Set<string>();
  private readonly coded = new Set<string>();
  private readonly byRecipient = new Map<string, Sent[]>();
  private watcher: FSWatcher | undefined;
  private scanning: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly ext: string,
    private readonly parse: ParseCode,
  ) {}

  /** Starts watching (the folder is made if the server has sent nothing yet). */
  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    this.watcher = watch(this.dir, (_event, name) => {
      if (name && !this.coded.has(name)) void this.take(name);
    });
    await this.scan();
  }

  close(): void {
    this.watcher?.close();
  }

  /**
   * The newest code sent to `to` in a file named at or after `since` (the time its step asked);
   * waits for it up to 30 s, as a person waits for a code that has not come yet. Every 2 s of
   * waiting the folder is listed again, in case the watcher missed a file (its queue can overflow).
   */
  async codeFor(to: string, since: string): Promise<string> {
    for (let waited = 0; waited < 30_000; waited += 100) {
      const sent = this.byRecipient.get(to);
      for (let i = (sent?.length ?? 0) - 1; i >= 0; i--) if (sent![i]!.name >= since) return sent![i]!.code;
      if (waited && waited % 2000 === 0) await this.scan();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no code for ${to} in ${this.dir} after 30 s`);
  }

  /** Lists the folder and reads what is new (shared by every caller while one is under way). */
  private scan(): Promise<void> {
    this.scanning ??= readdir(this.dir)
      .then((names) =>
        Promise.all(names.filter((name) => !this.read.has(name)).map((name) => this.take(name))),
      )
      .then(() => undefined)
      .finally(() => (this.scanning = undefined));
    return this.scanning;
  }

  /**
   * Reads a file and indexes its code. The watcher names a file when it is made (often before its
   * text is written) and again when written to, so a file read empty or cut short is read again.
   */
  private async take(name: string): Promise<void> {
    if (!name.endsWith(this.ext)) return;
    const text = await readFile(join(this.dir, name), "utf8").catch(() => "");
    if (text) this.read.add(name);
    const found = this.parse(text);
    if (!found || this.coded.has(name)) return;
    this.coded.add(name);
    const sent = this.byRecipient.get(found.to) ?? [];
    sent.push({ name, code: found.code });
    sent.sort((a, b) => (a.name < b.name ? -1 : 1));
    this.byRecipient.set(found.to, sent);
  }
}
