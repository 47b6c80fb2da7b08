// Which form the sign-in page opens with, once the base's providers have answered (spec §8): none
// loaded goes to the error page; a provider asked for that is not offered, to the plain sign-in page.
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { prefetchBotToken } from "@web/src/api/bot-check";
import { getProviders, type Providers } from "@web/src/session/auth-client";
import { errorPagePath, signInPath, type AuthBase } from "@web/src/session/auth-paths";
import { loginStart, type LoginStage } from "./login-flow";

/** The providers loaded (null until they are, or when they failed) and the stage: null until known. */
export function useLoginStart(
  base: AuthBase,
  search: URLSearchParams,
  preferPassword: boolean,
  callbackUrl: string | null,
) {
  const navigate = useNavigate();
  const [providers, setProviders] = useState<Providers | null | "failed">(null);
  const [stage, setStage] = useState<LoginStage | null>(null);

  useEffect(() => {
    prefetchBotToken();
    getProviders(base).then(setProviders, () => setProviders("failed"));
  }, [base]);

  const loaded = providers === "failed" ? null : providers;
  useEffect(() => {
    if (providers === null || stage !== null) return;
    const start = loginStart(loaded, search, preferPassword);
    if (start.kind === "errorPage")
      void navigate(errorPagePath(base, start.error, callbackUrl), { replace: true });
    else if (start.kind === "signInPage") void navigate(signInPath(base, callbackUrl), { replace: true });
    else setStage(start.stage);
  }, [providers, loaded, stage, search, preferPassword, navigate, base, callbackUrl]);

  return { loaded, stage, setStage };
}
