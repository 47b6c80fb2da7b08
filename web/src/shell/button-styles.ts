// Spec §2 button shape: 17px 30px padding and square corners. Fluent sizes its buttons itself, so
// call-to-action buttons take this class on top.
import { makeStyles } from "@fluentui/react-components";

export const useCtaStyles = makeStyles({
  root: { padding: "17px 30px", borderRadius: "0", fontWeight: 600, fontSize: "16px", lineHeight: "22px" },
});
