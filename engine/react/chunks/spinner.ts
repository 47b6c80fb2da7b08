// Fluent UI's spinner, in its own chunk (engine/react/fluent-chunks.tsx): shown only while a step is saved.
export { Spinner } from "@fluentui/react-components";
