// Display-only layouts that step files name in `ui:widget` (e.g. "offerPreview"): content that is
// not a question, such as a computed offer. Registered by name; StepForm places them.
import type { ReactNode } from "react";
import { OfferPreview } from "./OfferPreview";

export const displays: Record<string, ReactNode> = {
  offerPreview: <OfferPreview />,
};
