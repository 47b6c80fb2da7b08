// One funnel step: its saved answers from step.get, the generic <StepForm>, and step.submit.
// Nothing here knows what the step asks; the step file does.
import { MessageBar, MessageBarBody, makeStyles } from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { previousStep, signOutTargetFor } from "../../../../engine/funnel";
import type { JsonSchema } from "../../../../engine/bundle";
import { stepById, type Definitions, type Step } from "../../../../engine/definitions";
import { reach, stepHasPart, type Part } from "../../../../engine/members";
import site from "../../../../content/site.json";
import { FunnelProgress, StepForm } from "../../../../engine/react";
import { prefetchBotToken } from "../../api/bot-check";
import { trpc } from "../../api/trpc";
import { signInPath, APPLICANT_AUTH_BASE } from "../../session/auth-paths";
import { useSession } from "../../session/session";
import { useDocumentTitle } from "../../shell/document-title";
import { readHint } from "../../shell/hints";
import { useNotify } from "../../shell/notify";
import { PageLoading } from "../../shell/PageLoading";
import { useStepAnalytics } from "./analytics";
import { classifyApiError, type FieldError } from "./api-errors";
import { displays } from "./displays";
import { LoadFailed } from "./LoadFailed";
import { withHints } from "./hints";
import { endApplicantSession } from "./sign-out";

/** Whether the owner's step leaves out a part another borrower answers themselves (rules/members.json). */
function sharesStep(step: Step, part: Part | null | undefined): boolean {
  if (!part || part.only) return false;
  return Object.keys((step.schema as { properties?: object }).properties ?? {}).some((key) => reach(part, `/${key}`) !== "all");
}

/** Shown on a step the server sends a returning applicant back to after the definitions changed. */
const RECHECK_NOTICE = "We have updated our application since you answered this page. Please check your answers here.";

const useStyles = makeStyles({ notice: { marginBottom: "24px" } });

export function StepScreen({ defs, step }: { defs: Definitions; step: Step }) {
  useDocumentTitle(step.label);
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const notify = useNotify();
  const [serverErrors, setServerErrors] = useState<FieldError[] | undefined>(undefined);
  // Saved and on the way to the next page: the form stays busy so it cannot be sent twice.
  const [leaving, setLeaving] = useState(false);

  const saved = useQuery(trpc.step.get.queryOptions({ stepId: step.id }));
  const submit = useMutation(trpc.step.submit.mutationOptions());
  useEffect(prefetchBotToken, []);

  const leave = useCallback(async () => {
    // The server refused the session on a protected page: sign out, then where the guard sends.
    await endApplicantSession(session);
    void navigate(signOutTargetFor(defs, pathname, false).target ?? signInPath(APPLICANT_AUTH_BASE, pathname), { replace: true });
  }, [session, navigate, defs, pathname]);

  const loadFailure = saved.error ? classifyApiError(saved.error) : null;
  useEffect(() => {
    if (loadFailure?.kind === "unauthorized") void leave();
  }, [loadFailure?.kind, leave]);

  const data = saved.data;
  const stepCompleted = useStepAnalytics(step.id, data ? data.variant : undefined);
  const application = useMemo(() => withHints(data?.application ?? {}, readHint), [data?.application]);

  const onSubmit = useCallback(
    (answers: unknown) => {
      setServerErrors(undefined);
      const revision = data?.revision ?? undefined;
      submit.mutate(
        { stepId: step.id, answers: answers as Record<string, unknown>, ...(revision !== undefined ? { revision } : {}) },
        {
          onSuccess: async (result) => {
            stepCompleted();
            setLeaving(true);
            // The first answer of a visitor starts a guest session: learn of it before moving on.
            if (session.status !== "authenticated" || session.data?.applicationStatus !== result.applicationStatus) {
              await session.refresh();
              session.broadcast();
            }
            if (result.route !== pathname) return navigate(result.route);
            // The same page again (the flow's last step so far): stay, with the new revision.
            setLeaving(false);
            void saved.refetch();
            notify({ intent: "success", title: "Your answers are saved" });
          },
          onError: (error) => {
            const failure = classifyApiError(error);
            if (failure.kind === "fields") setServerErrors(failure.fieldErrors);
            else if (failure.kind === "unauthorized") void leave();
            else notify({ intent: "error", title: "Your answers were not saved", body: failure.message });
          },
        },
      );
    },
    [data?.revision, step.id, submit, session, navigate, pathname, saved, leave, notify, stepCompleted],
  );

  // Back is the previous step of the applicant's flow, not browser history (which may be the
  // sign-in page or a later step); a flow's first step has none.
  const flow = data?.flow ?? null;
  const part = data?.part ?? null;
  let previousId = previousStep(defs, step.id, application, { variant: data?.variant, flow });
  // Passing over steps wholly another borrower's, as the server's walk forward does.
  while (previousId && part && !stepHasPart(stepById(defs, previousId).schema as JsonSchema, part))
    previousId = previousStep(defs, previousId, application, { variant: data?.variant, flow });
  const backTo = previousId ? (defs.steps.get(previousId)?.def.route ?? null) : null;
  const onBack = useMemo(() => (backTo ? () => navigate(backTo) : undefined), [backTo, navigate]);

  if (saved.isPending || loadFailure?.kind === "unauthorized") return <PageLoading label="Loading your answers" />;
  if (loadFailure) return <LoadFailed message={loadFailure.message} onRetry={() => void saved.refetch()} />;

  return (
    <div className="page funnel">
      <div className="funnel__progress">
        <FunnelProgress defs={defs} stepId={step.id} variant={data?.variant ?? undefined} flow={flow} part={part} application={application} />
      </div>
      {sharesStep(step, data?.part) ? (
        <MessageBar intent="info" className={styles.notice}>
          <MessageBarBody>
            {site.members.othersPart} <Link to={site.members.progressTo}>{site.members.progress}</Link>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {data?.recheck ? (
        <MessageBar intent="warning" className={styles.notice}>
          <MessageBarBody>{RECHECK_NOTICE}</MessageBarBody>
        </MessageBar>
      ) : null}
      <StepForm
        defs={defs}
        stepId={step.id}
        application={application}
        submitting={submit.isPending || leaving}
        serverErrors={serverErrors}
        onSubmit={onSubmit}
        onBack={onBack}
        part={part}
        displays={displays}
      />
    </div>
  );
}
