// The display components by the name step files give them in `ui:widget` (loaded on demand by
// ./index.tsx, so the funnel's first pages, which show none, do not fetch them). Typed by name, so
// a display named in engine/definitions/widget-names.ts without a component here does not compile.
import type { ComponentType } from "react";
import type { DisplayProps } from "@engine/react/StepForm";
import type { DisplayName } from "./index";
import { ApplicationProgress } from "./ApplicationProgress";
import { ApplicationSummary } from "./ApplicationSummary";
import { ContentPage } from "./ContentPage";
import { DisclosureDocuments } from "./DisclosureDocuments";
import { DocumentChecklist } from "./DocumentChecklist";
import { IdDocumentSides } from "./IdDocumentSides";
import { LineAmount } from "./LineAmount";
import { NextSteps } from "./NextSteps";
import { OfferPreview } from "./OfferPreview";
import { DrawAmount } from "./DrawAmount";
import { SendAgain } from "./SendAgain";

export const displayComponents: Record<DisplayName, ComponentType<DisplayProps>> = {
  offerPreview: () => <OfferPreview />,
  disclosureDocuments: DisclosureDocuments,
  contentPage: ContentPage,
  idDocumentSides: IdDocumentSides,
  documentChecklist: DocumentChecklist,
  lineAmount: LineAmount,
  nextSteps: NextSteps,
  applicationSummary: ApplicationSummary,
  applicationProgress: ApplicationProgress,
  sendAgain: SendAgain,
};

/** Widgets the shell fills in (engine/definitions/widget-names.ts): the offer's draw slider. */
export const shellWidgets = { drawAmount: DrawAmount };
