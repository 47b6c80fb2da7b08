// The role of the applicant who started (owns) the application. Its one home is rules/members.json
// (params.owner.role); code that needs it before a definitions set is built reads it here. The
// role is the name stored answers are kept under, so a live definitions change cannot rename it
// (npm run check compares a candidate set's owner role with this one). The web build ships the
// value alone, not the file (web/vite.config.ts prebuiltData).
import members from "@rules/members.json";

export const OWNER_ROLE: string = members.params.owner.role;
