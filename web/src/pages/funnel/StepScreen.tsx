// One funnel step: its saved answers from step.get, the generic <StepForm>, and step.submit.
// Nothing here knows what the step asks; the step file does.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { browserDrafts, clearDraft, draftKey } from "@engine/form/drafts";
import { applicantLabelOf, signOutTargetFor } from "@engine/funnel/funnel";
import { withPrefill } from "@engine/logic/prefill";
import type { Definitions, Step } from "@engine/definitions/definitions";
import { prefetchFollowingValidators, prefetchStepFiles, useServedDefinitions } from "./definitions";
import { reach, type Part } from "@engine/funnel/members";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { FunnelProgress, loadStepChunks, StepForm, stepChunksLoaded } from "@engine/react";
import { prefetchBotToken } from "@web/src/api/bot-check";
import { trpc } from "@web/src/api/trpc";
import { signInPath, APPLICANT_AUTH_BASE } from "@web/src/session/auth-paths";
import { useSession } from "@web/src/session/session";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { readHint } from "@web/src/shell/hints";
import { useNotify } from "@web/src/shell/notify";
import { PageLoading } from "@web/src/shell/PageLoading";
import { useStepAnalytics } from "./analytics";
import { classifyApiError, type FieldError } from "./api-errors";
import {
  displays,
  displaysLoaded,
  loadDisplays,
  namesDisplay,
  prefetchDisplaysOnIntent,
  widgets as shellWidgets,
} from "./displays";
import { LoadFailed } from "./LoadFailed";
import { withHints } from "./hints";
import { endApplicantSession } from "./sign-out";
import { fetchAhead, takeOrFetch } from "./next-step-data";
import { variantDraw, visitorVariant } from "./variant-draw";
import { useProgressChange } from "./progress-change";
import { journeyProgress } from "@engine/form/progress";
import { loadStepValidators, useStepValidators } from "./validators";

/** Whether the owner's step leaves out a part another borrower answers themselves (rules/members.json). */
function sharesStep(step: Step, part: Part | null | undefined): boolean {
  if (!part || part.only) return false;
  return Object.keys((step.schema as { properties?: object }).properties ?? {}).some(
    (key) => reach(part, `/${key}`) !== "all",
  );
}

/** A random key for one submission of this page's answers (kept when the same answers are sent again). */
const idempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(18)), (b) => b.toString(16).padStart(2, "0")).join("");

/** The notices' chunk, once in: the page waits for it before it shows a notice (a lazy component would show it a moment late). */
let noticesChunk: typeof import("./StepNotices") | null = null;
const loadNotices = () => import("./StepNotices").then((chunk) => (noticesChunk = chunk));

/**
 * What the page waits for besides the answers and the validators: the Fluent components of the
 * step's fields (engine/react/fluent-chunks.tsx), and the notices' when one shows. A failed load
 * does not hold the page: a field whose part is missing shows a moment later.
 */
function useStepSections(defs: Definitions, step: Step, notices: boolean): boolean {
  // A step showing a display (the offer) waits for the displays' chunk: it never shows empty first.
  const shows = useMemo(() => namesDisplay(step.uiSchema), [step]);
  // Usually all in already (the first page loaded Input; a step of cards needs none): no turn to wait.
  const loadedNow =
    useMemo(() => stepChunksLoaded(step, bundleStepSchema(defs, step.id)), [defs, step]) &&
    (!notices || noticesChunk !== null) &&
    (!shows || displaysLoaded());
  const parts = useQuery({
    queryKey: ["fluent-chunks", step.id, notices, shows],
    queryFn: () =>
      Promise.all([
        loadStepChunks(step, bundleStepSchema(defs, step.id)),
        notices ? loadNotices() : null,
        shows ? loadDisplays() : null,
      ]).then(() => true),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    enabled: !loadedNow,
  });
  return loadedNow || !parts.isPending;
}

export function StepScreen({ defs, step }: { defs: Definitions; step: Step }) {
  useDocumentTitle(applicantLabelOf(defs, step.id) ?? step.label);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const notify = useNotify();
  const [serverErrors, setServerErrors] = useState<FieldError[] | undefined>(undefined);
  // Saved and on the way to the next page: the form stays busy so it cannot be sent twice.
  const [leaving, setLeaving] = useState(false);
  // One submission at a time, whatever the clicks; its idempotency key is kept across a retry of
  // the same answers, so the server answers a repeat once (server/features/steps/receipts.ts).
  const inFlight = useRef(false);
  const pending = useRef<{ answers: string; key: string } | null>(null);

  // The first fetch may be the one the previous step started as its save returned.
  const saved = useQuery({
    ...trpc.step.get.queryOptions({ stepId: step.id }),
    queryFn: () => takeOrFetch(step.id),
  });
  const submit = useMutation(trpc.step.submit.mutationOptions());
  const saveSection = useMutation(trpc.step.saveSection.mutationOptions());
  // The revision the page's next save is made against: step.get's, then each part's save moves it on.
  const revisionRef = useRef<number | null>(null);
  useEffect(() => {
    revisionRef.current = saved.data?.revision ?? null;
  }, [saved.data?.revision]);
  // Parts are saved one after another, and the whole step only after the last of them.
  const partsSaved = useRef<Promise<unknown>>(Promise.resolve());
  const validators = useStepValidators(defs, step.id);
  useEffect(
    () => (validators.ready ? prefetchFollowingValidators(defs, step.id) : undefined),
    [validators.ready, defs, step.id],
  );
  useServedDefinitions(saved.data?.definitionsVersion);
  useEffect(prefetchBotToken, []);
  useEffect(prefetchDisplaysOnIntent, []);

  const leave = useCallback(async () => {
    // The server refused the session on a protected page: sign out, then where the guard sends.
    await endApplicantSession(session);
    void navigate(
      signOutTargetFor(defs, pathname, false).target ?? signInPath(APPLICANT_AUTH_BASE, pathname),
      { replace: true },
    );
  }, [session, navigate, defs, pathname]);

  const loadFailure = saved.error ? classifyApiError(saved.error) : null;
  const redirectTo = loadFailure?.kind === "redirect" ? loadFailure.route : null;
  useEffect(() => {
    if (loadFailure?.kind === "unauthorized") void leave();
  }, [loadFailure?.kind, leave]);
  // A page the server does not open to this reader now: go where it says (the step due).
  useEffect(() => {
    if (redirectTo && redirectTo !== pathname) void navigate(redirectTo, { replace: true });
  }, [redirectTo, pathname, navigate]);

  const data = saved.data;
  const stepCompleted = useStepAnalytics(step.id, data ? data.variant : undefined, data?.role);
  // The server's prefill (answers given earlier, engine/logic/prefill.ts) first, then the home page's hints.
  const application = useMemo(
    () => withHints(withPrefill(data?.application ?? {}, data?.prefill), readHint),
    [data?.application, data?.prefill],
  );

  // Typed but unsaved answers survive a reload of this page (engine/form/drafts.ts), per reader and step.
  const reader = session.data?.user.id;
  const draft = useMemo(() => {
    const storage = browserDrafts();
    return storage && reader ? { storage, key: draftKey(reader, step.id) } : null;
  }, [reader, step.id]);

  // Each finished part of a step in sections is saved at once (its sensitive fields sealed by the
  // server as any answer), so a reload or another device resumes there with the answers in.
  const onSection = useCallback(
    (section: string, answers: unknown) => {
      partsSaved.current = partsSaved.current.then(() =>
        saveSection
          .mutateAsync({
            stepId: step.id,
            section,
            answers: answers as Record<string, unknown>,
            idempotencyKey: idempotencyKey(),
            ...(revisionRef.current !== null ? { revision: revisionRef.current } : {}),
          })
          .then((result) => {
            revisionRef.current = result.revision;
          })
          .catch((error: unknown) => {
            const failure = classifyApiError(error);
            if (failure.kind === "fields") setServerErrors(failure.fieldErrors);
            else if (failure.kind === "unauthorized") void leave();
            else notify({ intent: "error", title: "This part was not saved", body: failure.message });
          }),
      );
    },
    [saveSection, step.id, leave, notify],
  );

  const visitor = data !== undefined && data.revision === null;
  const onSubmit = useCallback(
    async (answers: unknown) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setServerErrors(undefined);
      await partsSaved.current;
      const revision = revisionRef.current ?? undefined;
      const text = JSON.stringify(answers);
      if (pending.current?.answers !== text) pending.current = { answers: text, key: idempotencyKey() };
      submit.mutate(
        {
          stepId: step.id,
          answers: answers as Record<string, unknown>,
          idempotencyKey: pending.current.key,
          ...(revision !== undefined ? { revision } : {}),
          // A visitor's first answer: the variant they have been shown counted is the one they get.
          ...(visitor ? { variantDraw: variantDraw() } : {}),
        },
        {
          onSettled: () => {
            inFlight.current = false;
          },
          onSuccess: async (result) => {
            pending.current = null;
            if (draft) clearDraft(draft.storage, draft.key);
            stepCompleted();
            if (result.voided?.length)
              notify({
                intent: "warning",
                title: "Please sign again",
                body: "You changed an answer your signed disclosures rest on, so your signature no longer counts. We will take you back to sign the disclosures as they are now.",
              });
            setLeaving(true);
            const leavingPage = result.route !== pathname;
            if (leavingPage && result.stepId) {
              fetchAhead(result.stepId);
              prefetchStepFiles(result.stepId); // and its validators, which the server lists with them
              if (defs.steps.has(result.stepId))
                void loadStepValidators(defs, result.stepId).catch(() => undefined); // the next page reports a failure
            }
            // The first answer of a visitor starts a guest session: learn of it before moving on.
            // A new status only updates what the session shows: the next page need not wait for it.
            if (session.status !== "authenticated") {
              await session.refresh();
              session.broadcast();
            } else if (session.data?.applicationStatus !== result.applicationStatus)
              void session.refresh().then(session.broadcast);
            if (leavingPage) return navigate(result.route);
            // The same page again (the flow's last step so far): stay, with the new revision.
            setLeaving(false);
            void saved.refetch();
            notify({ intent: "success", title: "Your answers are saved" });
          },
          onError: (error) => {
            const failure = classifyApiError(error);
            if (failure.kind === "fields") setServerErrors(failure.fieldErrors);
            else if (failure.kind === "unauthorized") void leave();
            else if (failure.kind === "redirect") {
              notify({ intent: "info", title: "Your answers were not saved", body: failure.message });
              void navigate(failure.route, { replace: true });
            } else notify({ intent: "error", title: "Your answers were not saved", body: failure.message });
          },
        },
      );
    },
    [step.id, submit, session, navigate, pathname, saved, leave, notify, stepCompleted, draft, visitor],
  );

  // Back is the step before this one on the reader's own path (the server walks it: skipped steps
  // and another borrower's steps are not on it), not browser history; the path's first step has none.
  const flow = data?.flow ?? null;
  const part = data?.part ?? null;
  const done = data?.done ?? [];
  const at = done.indexOf(step.id);
  const previousId = at > 0 ? done[at - 1] : at === -1 && data?.due === step.id ? done.at(-1) : undefined;
  const backTo = previousId ? (defs.steps.get(previousId)?.def.route ?? null) : null;
  const onBack = useMemo(() => (backTo ? () => navigate(backTo) : undefined), [backTo, navigate]);

  // A visitor has no application yet: the variant their first answer will get is counted already.
  const variant = data?.variant ?? (data ? visitorVariant(defs, step.id, data.pinnedVariant) : undefined);
  const notices = {
    shared: sharesStep(step, data?.part),
    locked: data?.locked ?? false,
    recheck: data?.recheck ?? false,
    because: data?.because ?? null,
  };
  const anyNotice = notices.shared || notices.locked || notices.recheck || notices.because !== null;
  const progress = useMemo(
    () => (data ? journeyProgress(defs, step.id, { variant, flow, part, application }) : null),
    [data, defs, step.id, variant, flow, part, application],
  );
  const progressChange = useProgressChange(step.id, progress, data !== undefined);
  const partsReady = useStepSections(defs, step, anyNotice);

  if (loadFailure?.kind === "unauthorized" || redirectTo) return <PageLoading label="Loading your answers" />;
  if (loadFailure) return <LoadFailed message={loadFailure.message} onRetry={() => void saved.refetch()} />;
  if (validators.error)
    return <LoadFailed message="This page could not be loaded." onRetry={validators.retry} />;
  if (saved.isPending || !validators.ready || !partsReady)
    return <PageLoading label="Loading your answers" />;

  return (
    <div className="page funnel">
      <div className="funnel__progress">
        <FunnelProgress
          defs={defs}
          stepId={step.id}
          variant={variant}
          flow={flow}
          part={part}
          application={application}
          done={data?.done ?? []}
          change={progressChange}
        />
      </div>
      {noticesChunk && anyNotice ? <noticesChunk.default {...notices} /> : null}
      <StepForm
        defs={defs}
        stepId={step.id}
        application={application}
        submitting={submit.isPending || leaving}
        readOnly={data?.locked ?? false}
        serverErrors={serverErrors}
        onSubmit={(answers) => void onSubmit(answers)}
        onSection={onSection}
        resumeAfter={data?.lastSection ?? null}
        onBack={onBack}
        part={part}
        displays={displays}
        widgets={shellWidgets}
        draftKey={draft?.key}
      />
    </div>
  );
}
