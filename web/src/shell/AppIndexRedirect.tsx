// /app on its own (where sign-in returns by default): the page for the applicant's status, or
// the sign-in page for a visitor without a session.
import { ROUTES } from "@engine/base/routes";
import { Navigate } from "react-router-dom";
import { useSession } from "../session/session";
import { PageLoading } from "./PageLoading";

export function AppIndexRedirect() {
  const session = useSession();
  if (session.status === "loading") return <PageLoading />;
  return <Navigate to={session.data?.applicationRoute ?? ROUTES.applicantSignIn} replace />;
}
