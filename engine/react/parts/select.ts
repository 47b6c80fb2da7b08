// One of Fluent UI's inputs, in its own chunk (engine/react/fluent-parts.tsx).
export { Select } from "@fluentui/react-components";
