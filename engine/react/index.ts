// The generic step renderer: one <StepForm> for any step of steps/, the funnel progress, and the
// Fluent UI v9 theme the shell wraps the app in.
export { StepForm, type StepFormProps } from "./StepForm";
export { FunnelProgress, SuccessChip, type FunnelProgressProps } from "./FunnelProgress";
export { helocTheme, helocTokens } from "./theme";
export { mediaUp } from "./styles";
export { WIDGET_NAMES } from "../definitions/widget-names";
export { loadStepChunks, stepChunksLoaded } from "./step-chunks";
export { SchemaForm, type SchemaFormProps, type SchemaFormDefinition } from "./SchemaForm";
