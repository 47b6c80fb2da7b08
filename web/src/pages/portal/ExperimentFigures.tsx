// The wording experiments on /portal/analytics (portal.analytics experiments): per experiment, each
// arm's conversion with its 95% interval and whether it differs from the first arm (the control)
// significantly, for the flow (its conversion event) and for each step from the experiment's on.
import type { FunnelReport } from "./portal-types";
import { TableRegion } from "./TableRegion";

type Figures = FunnelReport["experiments"][number];
type Rate = Figures["converted"][number];

/** "2026-11-01T00:00:00-08:00" → "2026-11-01": the day as the experiment's author wrote it. */
const day = (dateTime: string) => dateTime.slice(0, 10);

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** "32.1% (95% CI 20.4–46.6%)", or "—" before anyone was shown the arm. */
export function rateText(rate: Rate): string {
  if (rate.rate === null || !rate.interval) return "—";
  return `${pct(rate.rate)} (95% CI ${pct(rate.interval.low)}–${pct(rate.interval.high)})`;
}

/** "p = 0.012, significant (z-test)"; the first arm is the one compared with. */
export function comparisonText(rate: Rate, first: string): string {
  if (rate.armId === first) return "control";
  const c = rate.vsFirst;
  if (!c) return "not enough journeys";
  const p = c.p < 0.001 ? "p < 0.001" : `p = ${c.p.toFixed(3)}`;
  return `${p}, ${c.significant ? "significant" : "not significant"} (${c.test === "z" ? "z-test" : "Fisher's exact test"})`;
}

const CONVERSION: Record<Figures["conversion"], string> = {
  nextStep: "completing the step",
  offer: "reaching the offer",
  submission: "submitting the application",
};

function Experiment({ e, label }: { e: Figures; label: (stepId: string) => string }) {
  const first = e.arms[0]?.armId ?? "";
  const shown = new Map(e.arms.map((a) => [a.armId, a.shown]));
  return (
    <section>
      <h3>
        {e.id} <span className="meta">({e.running ? "running" : "not running"})</span>
      </h3>
      <p className="meta">
        {e.description} Step: {label(e.stepId)}. From {day(e.start)} until {day(e.end)}. A journey shown the
        step converts by {CONVERSION[e.conversion]} ({label(e.conversionStepId)}).
      </p>
      <TableRegion label={`${e.id}: conversion per arm`} stack>
        <thead>
          <tr>
            <th scope="col">Arm</th>
            <th scope="col">Weight</th>
            <th scope="col">Shown</th>
            <th scope="col">Converted</th>
            <th scope="col">Conversion</th>
            <th scope="col">Against {first}</th>
          </tr>
        </thead>
        <tbody>
          {e.converted.map((rate, i) => (
            <tr key={rate.armId}>
              <td data-label="Arm">
                {rate.armId}
                {e.arms[i]?.description ? <div className="meta">{e.arms[i]!.description}</div> : null}
              </td>
              <td data-label="Weight">{e.arms[i]?.weight ?? 0}%</td>
              <td data-label="Shown">{shown.get(rate.armId) ?? 0}</td>
              <td data-label="Converted">{rate.count}</td>
              <td data-label="Conversion">{rateText(rate)}</td>
              <td data-label={`Against ${first}`}>{comparisonText(rate, first)}</td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
      <p className="meta">
        Per step: of the journeys shown the step in each arm, those that completed each step of the flow.
      </p>
      <TableRegion label={`${e.id}: each step completed, per arm`} stack>
        <thead>
          <tr>
            <th scope="col">Step completed</th>
            {e.arms.map((a) => (
              <th scope="col" key={a.armId}>
                {a.armId}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {e.steps.map((step) => (
            <tr key={step.stepId}>
              <td data-label="Step completed">{step.label}</td>
              {step.arms.map((rate) => (
                <td data-label={rate.armId} key={rate.armId}>
                  {rate.count} of {shown.get(rate.armId) ?? 0}: {rateText(rate)}
                  {rate.armId !== first ? <div className="meta">{comparisonText(rate, first)}</div> : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </TableRegion>
    </section>
  );
}

export function ExperimentFigures({ report }: { report: FunnelReport }) {
  if (!report.experiments.length) return null;
  const labels = new Map(report.flows.flatMap((f) => f.steps.map((s) => [s.stepId, s.label] as const)));
  const label = (stepId: string) => labels.get(stepId) ?? stepId;
  return (
    <section aria-labelledby="wording-experiments">
      <h2 id="wording-experiments">Wording experiments</h2>
      <p className="meta">
        Each arm words the step otherwise (rules/experiments.json); an applicant keeps their arm on every
        device. Intervals are 95% Wilson intervals; an arm differs significantly from the first when p is
        under 0.05 (Fisher&apos;s exact test while a count is small, else the two-proportion z-test).
      </p>
      {report.experiments.map((e) => (
        <Experiment key={e.id} e={e} label={label} />
      ))}
    </section>
  );
}
