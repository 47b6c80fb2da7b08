// One of Fluent UI's inputs, in its own chunk (engine/react/fluent-chunks.tsx).
export { Textarea } from "@fluentui/react-components";
