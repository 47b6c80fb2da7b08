// A step's page data from step.get and its validators, fetched and prefetched, and what the page
// does when the server refuses it: sign out on a refused session, go where it says otherwise.
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { signOutTargetFor } from "@engine/funnel/funnel";
import type { Definitions, Step } from "@engine/definitions/definitions";
import { prefetchBotToken } from "@web/src/api/bot-check";
import { browserToday } from "@web/src/browser-today";
import { trpc } from "@web/src/api/trpc";
import { signInPath, APPLICANT_AUTH_BASE } from "@web/src/session/auth-paths";
import { useSession } from "@web/src/session/session";
import { classifyApiError } from "./api-errors";
import { prefetchFollowingValidators, useServedDefinitions } from "./definitions";
import { prefetchDisplaysOnIntent } from "./displays";
import { takeOrFetch } from "./next-step-data";
import { endApplicantSession } from "./sign-out";
import { useStepValidators } from "./validators";

export function useStepPage(defs: Definitions, step: Step) {
  // The first fetch may be the one the previous step started as its save returned.
  const saved = useQuery({
    ...trpc.step.get.queryOptions({ stepId: step.id }),
    queryFn: () => takeOrFetch(step.id),
  });
  const validators = useStepValidators(defs, step.id);
  useEffect(
    () => (validators.ready ? prefetchFollowingValidators(defs, step.id) : undefined),
    [validators.ready, defs, step.id],
  );
  useServedDefinitions(saved.data?.definitionsVersion);
  useEffect(prefetchBotToken, []);
  useEffect(prefetchDisplaysOnIntent, []);
  const leave = useLeave(defs);
  const loadFailure = saved.error ? classifyApiError(saved.error) : null;
  const redirectTo = useRefusedLoad(loadFailure, leave);
  return { saved, validators, leave, loadFailure, redirectTo };
}

/** The server refused the session on a protected page: sign out, then where the guard sends. */
export function useLeave(defs: Definitions) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  return useCallback(async () => {
    await endApplicantSession(session);
    void navigate(
      signOutTargetFor(defs, pathname, false, browserToday()).target ??
        signInPath(APPLICANT_AUTH_BASE, pathname),
      { replace: true },
    );
  }, [session, navigate, defs, pathname]);
}

/** Leaves on a refused session; a page the server does not open to this reader now goes where it says (the step due). */
function useRefusedLoad(loadFailure: ReturnType<typeof classifyApiError> | null, leave: () => Promise<void>) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const redirectTo = loadFailure?.kind === "redirect" ? loadFailure.route : null;
  useEffect(() => {
    if (loadFailure?.kind === "unauthorized") void leave();
  }, [loadFailure?.kind, leave]);
  useEffect(() => {
    if (redirectTo && redirectTo !== pathname) void navigate(redirectTo, { replace: true });
  }, [redirectTo, pathname, navigate]);
  return redirectTo;
}
