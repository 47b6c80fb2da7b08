// Display-only layouts that step files name in `ui:widget` (e.g. "offerPreview"): content that is
// not a question, such as a computed offer or a disclosure text. Registered by name; StepForm
// places them, and gives a display component the `ui:options` of its place and the answers.
import type { Display } from "../../../../../engine/react/StepForm";
import { ApplicationProgress } from "./ApplicationProgress";
import { ApplicationSummary } from "./ApplicationSummary";
import { ContentPage } from "./ContentPage";
import { DisclosureDocuments } from "./DisclosureDocuments";
import { DocumentChecklist } from "./DocumentChecklist";
import { IdDocumentSides } from "./IdDocumentSides";
import { LineAmount } from "./LineAmount";
import { NextSteps } from "./NextSteps";
import { OfferPreview } from "./OfferPreview";

export const displays: Record<string, Display> = {
  offerPreview: <OfferPreview />,
  disclosureDocuments: DisclosureDocuments,
  contentPage: ContentPage,
  idDocumentSides: IdDocumentSides,
  documentChecklist: DocumentChecklist,
  lineAmount: LineAmount,
  nextSteps: NextSteps,
  applicationSummary: ApplicationSummary,
  applicationProgress: ApplicationProgress,
};
