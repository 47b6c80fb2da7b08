// The "back to my application" link a display page may end with: ui:options `backTo` (a route)
// and `backLabel` (default "Back"); nothing when `backTo` is not given.
import { formWord } from "@engine/locale/form-words";
import { Link } from "react-router-dom";
import { textOf } from "./markdown";

export function BackLink({ options }: { options: Record<string, unknown> }) {
  const to = textOf(options.backTo);
  if (!to) return null;
  return (
    <p>
      <Link to={to}>{textOf(options.backLabel) || formWord("form.back")}</Link>
    </p>
  );
}
