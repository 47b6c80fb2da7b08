// Where the set keeps forms an applicant fills besides its steps: the answer forms of conditions
// (rules/conditions.json). A path, not a question: engine/lending reads the forms, the linter
// (which may not import the domain) follows their schemas to know which words an applicant reads.

/** The file the answer forms are written in: their `$ref`s resolve against it. */
export const ANSWER_FORMS_FILE = "rules/conditions.json";
/** Where in that file. */
export const ANSWER_FORMS_POINTER = "/params/answerForms";
