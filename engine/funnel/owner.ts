// The role of the applicant who started (owns) the application, in a module that imports
// nothing: the web's shell reads it on every page, and engine/funnel/members.ts would bring the rules
// engine (and the form-engine chunk) into the home page's first load.
export const OWNER_ROLE = "borrower";
