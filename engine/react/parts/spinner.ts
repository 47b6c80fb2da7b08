// Fluent UI's spinner, in its own chunk (engine/react/fluent-parts.tsx): shown only while a step is saved.
export { Spinner } from "@fluentui/react-components";
