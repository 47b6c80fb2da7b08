// What the development tools show while the live definitions are not usable: loading, the
// development API missing (production), a failure, or the lint problems of the files on disk.
import type { Problem } from "@engine/definitions/definitions";
import { PageLoading } from "@web/src/shell/PageLoading";
import type { LiveDefinitions } from "./use-live-definitions";

/** The problems of `firstFile` (the previewed step's file) come first. */
export function ProblemList({ problems, firstFile }: { problems: Problem[]; firstFile?: string }) {
  const sorted = [...problems].sort((a, b) => Number(b.file === firstFile) - Number(a.file === firstFile));
  return (
    <section aria-labelledby="dev-problems" role="alert">
      <h2 id="dev-problems">
        {problems.length === 1 ? "1 problem" : `${problems.length} problems`} in the definition files
      </h2>
      <p>The preview comes back by itself once the files are fixed (it checks every half second).</p>
      <ul className="dev-problems">
        {sorted.map((p, i) => (
          <li key={i}>
            <code>{p.file}</code>
            {p.pointer ? (
              <>
                {" "}
                at <code>{p.pointer}</code>
              </>
            ) : null}
            : {p.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Anything but "ready" as a page body; null when ready. */
export function DevState({ live, firstFile }: { live: LiveDefinitions; firstFile?: string }) {
  switch (live.status) {
    case "loading":
      return <PageLoading />;
    case "off":
      return <p>The development tools are off on this server (they run only outside production).</p>;
    case "failed":
      return <p role="alert">The definitions did not load: {live.message}</p>;
    case "problems":
      return <ProblemList problems={live.problems} firstFile={firstFile} />;
    case "ready":
      return null;
  }
}
