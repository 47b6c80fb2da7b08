// One of Fluent UI's inputs, in its own chunk (engine/react/fluent-chunks.tsx).
export { Radio, RadioGroup } from "@fluentui/react-components";
