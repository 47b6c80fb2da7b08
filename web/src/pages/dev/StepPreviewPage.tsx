// /dev/steps/:id (development only): any step of the definitions on disk, rendered by the generic
// <StepForm> with a sample application, rebuilt within a second of an edit to a step or rule file.
// Validate checks in the browser (the engine's step validator), then asks the server to judge the
// answers by step.submit's own checks against the sample (POST /api/dev/validate): "Valid" means a
// save would pass them. Nothing is ever saved.
// /dev/steps lists every step id.
import { FluentProvider } from "@fluentui/react-components";
import { useEffect, useMemo, useState } from "react";
import { Link, useParams } from "react-router-dom";
import type { DefinitionFiles, Definitions } from "@engine/definitions/definitions";
import { StepForm } from "@engine/react";
import { apiFetch } from "@web/src/api/api-fetch";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { funnelThemeOverShell, shellTheme } from "@web/src/shell/theme";
import { DevState } from "./DevState";
import { useLiveDefinitions } from "./use-live-definitions";
import { browserToday } from "@web/src/browser-today";

const previewTheme = { ...shellTheme, ...funnelThemeOverShell };
type Who = "two" | "single";
type Verdict =
  | { valid: true; answers: unknown; notRun: string[] }
  | { valid: false; errors: { pointer: string; message: string }[] };

async function serverVerdict(stepId: string, answers: unknown, who: Who): Promise<Verdict> {
  const res = await apiFetch(
    "/api/dev/validate",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ stepId, answers, who }),
    },
    { botCheck: false },
  );
  return (await res.json()) as Verdict;
}

/** The file (as problems name it, "steps/…") that defines the step, read from the raw files. */
function fileOfStep(files: DefinitionFiles | undefined, id: string): string | undefined {
  for (const [path, json] of Object.entries(files?.steps ?? {}))
    if (
      json &&
      typeof json === "object" &&
      (json as { id?: unknown }).id === id &&
      !path.startsWith("flows/")
    )
      return `steps/${path}`;
  return undefined;
}

function useSample(who: Who): unknown {
  const [sample, setSample] = useState<{ who: Who; application: unknown } | null>(null);
  useEffect(() => {
    let stopped = false;
    void apiFetch(`/api/dev/sample${who === "single" ? "?who=single" : ""}`)
      .then((res) => (res.ok ? res.json() : {}))
      .catch(() => ({}))
      .then((application: unknown) => void (stopped || setSample({ who, application })));
    return () => void (stopped = true);
  }, [who]);
  return sample?.who === who ? sample.application : undefined;
}

function StepIndex({ defs }: { defs: Definitions }) {
  const steps = [...defs.steps.values()]
    .map(({ def, file }) => ({ ...def, file }))
    .sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
  return (
    <>
      <h1 className="page-title">Step preview</h1>
      <p className="page-intro">
        Every step of the definitions on disk. A preview follows edits to its file within a second.
      </p>
      <ul className="dev-step-index">
        {steps.map((s) => (
          <li key={s.id}>
            <Link to={`/dev/steps/${encodeURIComponent(s.id)}`}>{s.id}</Link> · {s.label} · rank {s.rank} ·{" "}
            <code>{s.file}</code>
          </li>
        ))}
      </ul>
    </>
  );
}

function Preview({
  defs,
  version,
  stepId,
  buildMs,
}: {
  defs: Definitions;
  version: string;
  stepId: string;
  buildMs: number;
}) {
  const [who, setWho] = useState<Who>("two");
  const application = useSample(who);
  const [result, setResult] = useState<Verdict | undefined>(undefined);
  useEffect(() => setResult(undefined), [version, who]);
  const located = defs.steps.get(stepId);
  if (!located)
    return (
      <p role="alert">
        No step has the id <code>{stepId}</code>. <Link to="/dev/steps">All steps</Link>
      </p>
    );
  return (
    <>
      <p className="dev-meta">
        <code>{located.file}</code> · version <code>{version}</code> · built in {buildMs} ms · no lint
        problems ·{" "}
        <label>
          sample{" "}
          <select value={who} onChange={(e) => setWho(e.target.value as Who)}>
            <option value="two">borrower and co-borrower</option>
            <option value="single">borrower alone</option>
          </select>
        </label>
      </p>
      {application === undefined ? null : (
        <StepForm
          key={`${version} ${who}`}
          defs={defs}
          stepId={stepId}
          application={application}
          today={browserToday()}
          submitLabel="Validate"
          onSubmit={(answers) => void serverVerdict(stepId, answers, who).then(setResult)}
        />
      )}
      {result === undefined ? null : result.valid ? (
        <section aria-labelledby="dev-valid" className="dev-result">
          <h2 id="dev-valid">Valid</h2>
          <p>The save's own checks pass. These cleaned answers would be saved (the preview saves nothing):</p>
          <pre>{JSON.stringify(result.answers, null, 2)}</pre>
          {result.notRun.length ? (
            <p>Not run here, as they check a real applicant's stored records: {result.notRun.join(", ")}.</p>
          ) : null}
        </section>
      ) : (
        <section aria-labelledby="dev-refused" className="dev-result" role="alert">
          <h2 id="dev-refused">A save would be refused</h2>
          <ul>
            {result.errors.map((e, i) => (
              <li key={i}>
                <code>{e.pointer || "/"}</code>: {e.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export default function StepPreviewPage() {
  const { id } = useParams();
  useDocumentTitle(id ? `Preview: ${id}` : "Step preview");
  const live = useLiveDefinitions();
  const files = live.status === "ready" || live.status === "problems" ? live.files : undefined;
  const firstFile = useMemo(() => (id ? fileOfStep(files, id) : undefined), [files, id]);
  return (
    <FluentProvider theme={previewTheme} className="funnel-theme">
      <div className="page">
        {live.status !== "ready" ? (
          <DevState live={live} firstFile={firstFile} />
        ) : id ? (
          <Preview defs={live.defs} version={live.version} stepId={id} buildMs={live.buildMs} />
        ) : (
          <StepIndex defs={live.defs} />
        )}
      </div>
    </FluentProvider>
  );
}
