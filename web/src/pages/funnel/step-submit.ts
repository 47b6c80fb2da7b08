// step.submit from a step's page: one submission at a time, whatever the clicks; its idempotency
// key is kept across a retry of the same answers, so the server answers a repeat once
// (server/features/steps/receipts.ts). A saved step moves on to the route the server names.
import { formWord } from "@engine/locale/form-words";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState, type RefObject } from "react";
import { useLocation, useNavigate, type NavigateFunction } from "react-router-dom";
import { clearDraft, type DraftStorage } from "@engine/form/drafts";
import type { Definitions } from "@engine/definitions/definitions";
import { trpc, type trpcClient } from "@web/src/api/trpc";
import { useSession, type SessionState } from "@web/src/session/session";
import { useNotify, type Notice } from "@web/src/shell/notify";
import { classifyApiError, type FieldError } from "./api-errors";
import { prefetchStepFiles } from "./definitions";
import { fetchAhead } from "./next-step-data";
import { idempotencyKey } from "./section-save";
import { loadStepValidators } from "./validators";
import { variantDraw } from "./variant-draw";

type Submitted = Awaited<ReturnType<typeof trpcClient.step.submit.mutate>>;

interface StepSubmit {
  defs: Definitions;
  stepId: string;
  revisionRef: RefObject<number | null>;
  /** The sections' saves so far: the step is sent after the last of them. */
  sectionsSaved: RefObject<Promise<unknown>>;
  draft: { storage: DraftStorage; key: string } | null;
  /** No application yet: the first answer sends the variant the visitor has been shown. */
  visitor: boolean;
  stepCompleted(): void;
  refetch(): Promise<unknown>;
  setServerErrors(errors: FieldError[] | undefined): void;
  leave(): Promise<void>;
}

/** `onSubmit` for <StepForm>, and whether the form stays busy (sending, or saved and on the way to the next page). */
export function useStepSubmit(props: StepSubmit) {
  const { stepId, revisionRef, sectionsSaved, draft, visitor, stepCompleted, setServerErrors } = props;
  const submit = useMutation(trpc.step.submit.mutationOptions());
  const [leaving, setLeaving] = useState(false);
  const inFlight = useRef(false);
  const pending = useRef<{ answers: string; key: string } | null>(null);
  const moving = useMoving(props, setLeaving);
  const onSubmit = useCallback(
    async (answers: unknown) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setServerErrors(undefined);
      await sectionsSaved.current;
      const revision = revisionRef.current ?? undefined;
      const text = JSON.stringify(answers);
      if (pending.current?.answers !== text) pending.current = { answers: text, key: idempotencyKey() };
      submit.mutate(
        {
          stepId,
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
            return moveOn(result, moving);
          },
          onError: (error) => showFailure(error, moving),
        },
      );
    },
    [stepId, submit, moving, stepCompleted, draft, visitor, revisionRef, sectionsSaved, setServerErrors],
  );
  return { onSubmit, submitting: submit.isPending || leaving };
}

interface Moving {
  defs: Definitions;
  pathname: string;
  session: SessionState;
  navigate: NavigateFunction;
  notify(notice: Notice): void;
  refetch(): Promise<unknown>;
  setLeaving(leaving: boolean): void;
  setServerErrors(errors: FieldError[] | undefined): void;
  leave(): Promise<void>;
}

function useMoving(props: StepSubmit, setLeaving: (leaving: boolean) => void): Moving {
  const { pathname } = useLocation();
  const session = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const { defs, refetch, setServerErrors, leave } = props;
  return useMemo(
    () => ({ defs, pathname, session, navigate, notify, refetch, setLeaving, setServerErrors, leave }),
    [defs, pathname, session, navigate, notify, refetch, setLeaving, setServerErrors, leave],
  );
}

async function moveOn(result: Submitted, m: Moving) {
  if (result.voided?.length)
    m.notify({
      intent: "warning",
      title: formWord("form.signAgain.title"),
      body: formWord("form.signAgain.body"),
    });
  m.setLeaving(true);
  const leavingPage = result.route !== m.pathname;
  if (leavingPage && result.stepId) prepareNext(m.defs, result.stepId);
  // The first answer of a visitor starts a guest session: learn of it before moving on.
  // A new status only updates what the session shows: the next page need not wait for it.
  if (m.session.status !== "authenticated") {
    await m.session.refresh();
    m.session.broadcast();
  } else if (m.session.data?.applicationStatus !== result.applicationStatus)
    void m.session.refresh().then(m.session.broadcast);
  if (leavingPage) return m.navigate(result.route);
  // The same page again (the flow's last step so far): stay, with the new revision.
  m.setLeaving(false);
  void m.refetch();
  m.notify({ intent: "success", title: formWord("form.saved") });
}

/** The next page's answers, files and validators, fetched while the session updates. */
function prepareNext(defs: Definitions, stepId: string) {
  fetchAhead(stepId);
  prefetchStepFiles(stepId); // and its validators, which the server lists with them
  if (defs.steps.has(stepId)) void loadStepValidators(defs, stepId).catch(() => undefined); // the next page reports a failure
}

function showFailure(error: unknown, m: Moving) {
  const failure = classifyApiError(error);
  if (failure.kind === "fields") m.setServerErrors(failure.fieldErrors);
  else if (failure.kind === "unauthorized") void m.leave();
  else if (failure.kind === "redirect") {
    m.notify({ intent: "info", title: formWord("form.notSaved"), body: failure.message });
    void m.navigate(failure.route, { replace: true });
  } else m.notify({ intent: "error", title: formWord("form.notSaved"), body: failure.message });
}
