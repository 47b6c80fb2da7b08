// /portal/definitions-impact: the definitions running (their version) against the files on the
// server's disk, checked as npm run check checks them; when they differ and pass, what the change
// does to the partner's applications in flight (portal.definitionsImpact: who is sent back, who
// stands on a step that is gone or off their path and where they land, who meets a new step first,
// answers whose field or value is gone, offers that change, and what the live gate refuses), a page
// of applications at a time. The report is worked out once per change on the server, off its
// request thread: while it is, the page says so and asks again. Below, every published version
// with who published it and when; the lender's administrators may serve an earlier one again.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { trpc } from "@web/src/api/trpc";
import { PortalFrame, usePortalMe } from "./PortalFrame";
import { errorMessage, Failure, Loading } from "./PortalStates";
import { TableRegion } from "./TableRegion";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const KIND_LABELS = {
  stranded: "On a step that is gone",
  offPath: "On a step off their path",
  gained: "Meets a new step first",
  sentBack: "Sent back",
  lostAnswers: "Answers whose field or value is gone",
  offerChanged: "Offer changes",
} as const;
type Kind = keyof typeof KIND_LABELS;

function Rollback({ version, onDone }: { version: string; onDone(text: string, ok: boolean): void }) {
  const [open, setOpen] = useState(false);
  const rollback = useMutation(trpc.portal.definitionsRollback.mutationOptions());
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        Serve this version again
      </Button>
      <Dialog open={open} onOpenChange={(_, d) => !rollback.isPending && setOpen(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Serve version {version} again?</DialogTitle>
            <DialogContent>
              Its files replace the definition files on the server, after they pass check and the impact
              report as any change does. Applicants meet it at their next page.
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={rollback.isPending} onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button
                appearance="primary"
                disabled={rollback.isPending}
                onClick={() =>
                  rollback.mutate(
                    { version },
                    {
                      onSuccess: (r) => {
                        setOpen(false);
                        onDone(
                          r.swapped
                            ? `Version ${r.version} is served again.`
                            : `Not served: ${r.problems.length ? r.problems.join("\n") : "it is the version running"}`,
                          r.swapped,
                        );
                      },
                      onError: (e) => {
                        setOpen(false);
                        onDone(errorMessage(e), false);
                      },
                    },
                  )
                }
              >
                {rollback.isPending ? <Spinner size="tiny" label="Checking" /> : "Serve it again"}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}

function Impact() {
  const me = usePortalMe();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<Kind | undefined>(undefined);
  const [outcome, setOutcome] = useState<{ text: string; ok: boolean } | null>(null);
  const report = useQuery({
    ...trpc.portal.definitionsImpact.queryOptions({ page, ...(kind ? { kind } : {}) }),
    refetchOnWindowFocus: false,
    // While the server works the report out, ask again every two seconds.
    refetchInterval: (q) =>
      q.state.data?.state === "checking" || q.state.data?.state === "computing" ? 2000 : false,
  });
  if (report.isPending) return <Loading label="Checking the definition files" />;
  if (report.error)
    return <Failure error={report.error} retry={() => void report.refetch()} what="the comparison" />;
  const data = report.data;
  const again = (
    <Button appearance="secondary" disabled={report.isFetching} onClick={() => void report.refetch()}>
      {report.isFetching ? "Comparing…" : "Compare again"}
    </Button>
  );
  const versions = (
    <p className="page-intro" role="status">
      Running: version <code>{data.running}</code>. Files on the server: version <code>{data.onDisk}</code>.
    </p>
  );
  let body;
  if (data.state === "same")
    body = <p>The files on the server are the definitions running: no change is waiting.</p>;
  else if (data.state === "checking" || data.state === "computing")
    body = (
      <Spinner
        label={
          data.state === "checking" ? "Checking the files on the server" : "Working out what the change does"
        }
      />
    );
  else if (data.state === "problems" || data.state === "failed")
    body = (
      <>
        <p>
          {data.state === "problems"
            ? `The files on the server fail check: a reload would refuse them, and version ${data.running} keeps serving. ${plural(data.problems.length, "problem", "problems")}:`
            : "The report could not be worked out:"}
        </p>
        <pre className="portal-pre">{data.problems.join("\n")}</pre>
      </>
    );
  else if (data.impact && data.entries) {
    const { impact, entries } = data;
    body = (
      <>
        <p>
          Of {plural(impact.checked, "application", "applications")} in flight saved under other definitions:{" "}
          {impact.counts.sentBack} would be sent back, {impact.counts.stranded} stand on a step that is gone,{" "}
          {impact.counts.offPath} on a step off their path, {impact.counts.gained} meet a new step first,{" "}
          {impact.counts.lostAnswers} hold answers whose field or value is gone, and{" "}
          {plural(impact.counts.offersChanged, "offer changes", "offers change")}.
        </p>
        {impact.refusals.length ? (
          <>
            <p role="alert">
              The live gate refuses this change until it says where these go (rules/retired.json):
            </p>
            <pre className="portal-pre">{impact.refusals.join("\n")}</pre>
          </>
        ) : null}
        {impact.byStep.length ? (
          <TableRegion label="Applications sent back" stack>
            <thead>
              <tr>
                <th scope="col">Sent back to</th>
                <th scope="col">Applications</th>
                <th scope="col">Answers that no longer pass</th>
              </tr>
            </thead>
            <tbody>
              {impact.byStep.map((s) => (
                <tr key={s.stepId}>
                  <td data-label="Sent back to">
                    {s.label} <span className="meta">({s.route})</span>
                  </td>
                  <td data-label="Applications">{s.count}</td>
                  <td data-label="Answers that no longer pass">
                    <code>{s.fields.join(", ")}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        ) : null}
        {impact.stranded.length ? (
          <TableRegion label="Applicants whose step is gone or off their path" stack>
            <thead>
              <tr>
                <th scope="col">Standing on</th>
                <th scope="col">Applications</th>
                <th scope="col">Land on</th>
              </tr>
            </thead>
            <tbody>
              {impact.stranded.map((s) => (
                <tr key={s.status}>
                  <td data-label="Standing on">
                    <code>{s.status}</code> ({s.reason === "removed" ? "gone" : "off their path"})
                  </td>
                  <td data-label="Applications">{s.count}</td>
                  <td data-label="Land on">{s.landsOn ?? "no step"}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        ) : null}
        <h2>Applications</h2>
        <p>
          <label>
            Show{" "}
            <select
              value={kind ?? ""}
              onChange={(e) => {
                setKind((e.target.value || undefined) as Kind | undefined);
                setPage(1);
              }}
            >
              <option value="">every finding</option>
              {Object.entries(KIND_LABELS).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </p>
        {entries.rows.length ? (
          <TableRegion label="Applications the change affects" stack>
            <thead>
              <tr>
                <th scope="col">Application</th>
                <th scope="col">Finding</th>
                <th scope="col">Lands on</th>
                <th scope="col">What</th>
              </tr>
            </thead>
            <tbody>
              {entries.rows.map((e) => (
                <tr key={`${e.applicationId} ${e.kind}`}>
                  <td data-label="Application">
                    <a href={`/portal/applications/${e.applicationId}`}>{e.applicationId.slice(0, 8)}</a>
                  </td>
                  <td data-label="Finding">{KIND_LABELS[e.kind]}</td>
                  <td data-label="Lands on">{e.landsOn ?? "—"}</td>
                  <td data-label="What">{e.detail}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        ) : (
          <p>None.</p>
        )}
        {entries.pages > 1 ? (
          <p>
            <Button size="small" disabled={entries.page <= 1} onClick={() => setPage(entries.page - 1)}>
              Previous page
            </Button>{" "}
            Page {entries.page} of {entries.pages}{" "}
            <Button
              size="small"
              disabled={entries.page >= entries.pages}
              onClick={() => setPage(entries.page + 1)}
            >
              Next page
            </Button>
          </p>
        ) : null}
        <p className="meta">
          The change goes live when the server reloads its definitions: on save in development, on SIGHUP in
          production, if the gate lets it through.
        </p>
      </>
    );
  }
  return (
    <>
      {versions}
      {body}
      {again}
      {outcome ? (
        <p role={outcome.ok ? "status" : "alert"} className="portal-pre">
          {outcome.text}
        </p>
      ) : null}
      <h2>Published versions</h2>
      <TableRegion label="Published versions of the definitions" stack>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Published</th>
            <th scope="col">By</th>
            {me.can("definitions.rollback") ? <th scope="col">Rollback</th> : null}
          </tr>
        </thead>
        <tbody>
          {data.published.map((p, i) => (
            <tr key={`${p.version} ${p.publishedAt} ${i}`}>
              <td data-label="Version">
                <code>{p.version}</code>
                {p.version === data.running && i === 0 ? " (running)" : ""}
              </td>
              <td data-label="Published">{new Date(p.publishedAt).toLocaleString()}</td>
              <td data-label="By">{p.publishedBy}</td>
              {me.can("definitions.rollback") ? (
                <td data-label="Rollback">
                  {p.version === data.running ? null : (
                    <Rollback
                      version={p.version}
                      onDone={(text, ok) => {
                        setOutcome({ text, ok });
                        void report.refetch();
                      }}
                    />
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </TableRegion>
    </>
  );
}

export default function DefinitionsImpactPage() {
  return (
    <PortalFrame title="Definition changes" requires={["definitions.impact"]}>
      <Impact />
    </PortalFrame>
  );
}
