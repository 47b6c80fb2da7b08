// Every action the audit trail records, in one table: its name, what its arguments are, and its
// words for staff. The server's writers build an entry's action with `auditAction` (the type allows
// no other name), and the portal words it with `describeAuditAction`: a new action is a row here.
// An action is stored as its name and its arguments joined by ":" ("upload.add:paystub").
import { humanize } from "../base/text";

/** How an action's words name the things its arguments are. */
export interface AuditWords {
  /** A step's label by its id. */
  step(id: string): string | undefined;
  /** A document type's label by its id. */
  document(type: string): string | undefined;
  /** A borrower role's name ("Co-borrower"). */
  borrower(role: string): string;
  /** A document subtype's label ("Passport") by its id. */
  subtype?(id: string): string | undefined;
}

interface Said {
  /** The document type's label, or its id in words. */
  doc(type: string): string;
  /** The borrower role's name in lower case. */
  who(role: string): string;
  /** The step's label, or its id in words. */
  step(id: string): string;
  /** A file's document: its type, then its subtype and side where the action names them ("Photo ID (passport, front side)"). */
  file(args: string[]): string;
}

type Describe = (args: string[], say: Said) => string;

const AUDIT_ACTIONS = {
  // The applicant's answers and documents
  "step.submit": (a, say) => `Answered ${say.step(a[0] ?? "")}`,
  "step.section": (a, say) =>
    `Saved a section of ${say.step(a[0] ?? "")} (${humanize((a[1] ?? "").split(".").pop() ?? "")})`,
  "application.submitted": () => "Application submitted: the last act it needed is in",
  "upload.add": (a, say) => `Uploaded ${say.file(a)}`,
  "upload.remove": (a, say) => `Removed ${say.file(a)}`,
  "members.accept": (a, say) => `Joined the application (${say.who(a[0] ?? "")})`,
  "account.signedInByEmailStep": () => "Signed in with the code mailed to an address already theirs",
  "journey.reopened": (a, say) =>
    `A page is due again for the ${say.who(a[0] ?? "")} after another borrower's answers: ${say.step(a[1] ?? "")}`,
  // Signatures and disclosures
  "esign.signed": (a, say) => `Signed the disclosures${a[0] ? ` (${say.who(a[0])})` : ""}`,
  "esign.voided": (a, say) => `Signature voided by a changed answer (${say.who(a[0] ?? "")})`,
  "esign.withdrawn": (a, say) =>
    `Withdrew the consent to electronic documents and asked for paper (${say.who(a[0] ?? "")})`,
  "disclosures.given": (a) => `Disclosures given: ${(a[0] ?? "").split(",").filter(Boolean).join(", ")}`,
  "disclosures.opened": (a) => `Disclosure opened by the applicant: ${a[0] ?? ""}`,
  "rescission.notice": (a) => `Notice of the right to cancel given (${a[0] ?? ""})`,
  "rescission.delivered": (a) => `Delivery of the notice of the right to cancel recorded (${a[0] ?? ""})`,
  "rescission.cancelled": (a) => `Cancelled under the right to cancel (${a[0] ?? ""})`,
  // Identity
  "identity.started": (a, say) => `Identity check started (${say.who(a[0] ?? "")}${a[1] ? `, ${a[1]}` : ""})`,
  "identity.approved": (a, say) => `Identity check approved (${say.who(a[0] ?? "")})`,
  "identity.rejected": (a, say) => `Identity check rejected (${say.who(a[0] ?? "")})`,
  "identity.withdrawn": (a, say) => `Identity check withdrawn (${say.who(a[0] ?? "")})`,
  // Decisions
  "decision.declined": (a) =>
    a[1] === "unconfirmed"
      ? `Declined (${a[0] ?? ""}): left unconfirmed past its days, issued with its adverse action notice`
      : `Declined (${a[0] ?? ""}): adverse action notice given`,
  "decision.noticeMailed": (a) => `Adverse action notice mailed on paper (${a[0] ?? ""}, on ${a[1] ?? ""})`,
  "loan.moved": (a) =>
    `${words(a[0] ?? "")}: ${words(a[1] ?? "")} → ${words(a[2] ?? "")} (rules/milestones.json)`,
  "loan.condition": (a, say) => `Condition ${a[0] ?? ""} ${a[1] ?? ""}${a[2] ? ` (${say.who(a[2])})` : ""}`,
  "loan.closing": (a, say) =>
    a[0] === "occupancy"
      ? `Principal dwelling answered (${say.who(a[1] ?? "")})`
      : a[0] === "signed"
        ? `Closing documents signed (${say.who(a[1] ?? "")})`
        : a[0] === "signedPdf"
          ? "Signed closing package kept as a PDF"
          : "Notarization recorded",
  "loan.valuation": (a, say) =>
    a[0] === "waived"
      ? `Valuation copies' three-day timing waived (${say.who(a[1] ?? "")})`
      : `Valuation recorded (${a[0] === "avm" ? "AVM" : "appraisal"}): a copy given to the applicant`,
  "loan.noticeMailed": (a, say) => `${words(a[0] ?? "")} notice mailed on paper (${say.who(a[1] ?? "")})`,
  "credit.scoreUsed": (a, say) => `Credit score used (${say.who(a[0] ?? "")}): credit score notice given`,
  // Staff
  "portal.upload.accepted": (a, say) => `Accepted ${say.file(a)}`,
  "portal.upload.rejected": (a, say) => `Rejected ${say.file(a)}`,
  "portal.application.assigned": () => "Assigned to a loan officer",
  "portal.application.unassigned": () => "Loan officer assignment removed",
  "portal.note.added": () => "Added a note",
  "portal.user.firstAdmin": () => "First administrator created",
  "portal.user.invited": (a) => `Invited a portal user (${a[0] ?? ""})`,
  "portal.user.role": (a) => `Changed a portal user's role (${(a[0] ?? "").replace("->", " → ")})`,
  "portal.user.originatorProfile": () => "Set a portal user's loan originator profile (NMLS ID, work phone)",
  "portal.user.deactivated": () => "Deactivated a portal user",
  "portal.user.reactivated": () => "Reactivated a portal user",
  "portal.user.passwordReset": () => "Sent a portal user a password reset",
  // Exports
  "export.mismo": (a) =>
    `Exported as a MISMO 3.4 file (${a[0] === "schema-checked" ? "checked against the MISMO schema" : "not checked against the MISMO schema"})`,
  "export.hmdaLar": (a) => `Exported the HMDA LAR of ${a[0] ?? ""} (${a[1] ?? "0"} rows)`,
  // The LOS API (server/features/los): the actor is the partner's service credential
  "los.list": (a) => `The LOS listed the partner's exportable applications (${a[0] ?? "0"} given)`,
  "los.mismo": (a) =>
    `The LOS pulled the MISMO 3.4 file (${a[0] === "schema-checked" ? "checked against the MISMO schema" : "not checked against the MISMO schema"})`,
  "los.refused": (a) =>
    a[0] === "failed-checks"
      ? "The LOS asked for the MISMO file; it failed its checks and was not given"
      : "The LOS asked for an application it may not read; nothing was given",
  "portal.losCredential.created": () => "Created an LOS service credential",
  "portal.losCredential.revoked": () => "Revoked an LOS service credential",
  "portal.user.inviteResent": () => "Sent a portal user the invite again",
  // The system
  "definitions.recheck": (a) => `Re-checked under new definitions (was ${a[0] || "none"})`,
  "seed.demo": () => "Demo data created",
} satisfies Record<string, Describe>;

export type AuditActionName = keyof typeof AUDIT_ACTIONS;
/** A stored action: a name of the table, maybe with its arguments. */
export type AuditAction = AuditActionName | `${AuditActionName}:${string}`;

/** The stored form of an action with its arguments: auditAction("upload.add", "paystub") → "upload.add:paystub". */
export function auditAction(name: AuditActionName, ...args: string[]): AuditAction {
  return (args.length ? `${name}:${args.join(":")}` : name) as AuditAction;
}

/** A file's arguments: its document type, then its subtype and side when it has them ("id_document:passport:front"). */
export function fileArgs(file: {
  documentType: string;
  subtype?: string | null;
  side?: string | null;
}): string[] {
  const args = [file.documentType, file.subtype ?? "", file.side ?? ""];
  while (args.length > 1 && !args[args.length - 1]) args.pop();
  return args;
}

/** Every action name of the table (for tests and the portal's filters). */
export const auditActionNames = Object.keys(AUDIT_ACTIONS) as AuditActionName[];

const words = (key: string) => humanize(key) || key;

/** A stored action in words for staff; one the table does not know (an older version's) as stored. */
export function describeAuditAction(action: string, w: AuditWords): string {
  const [name = "", ...args] = action.split(":");
  const describe = (AUDIT_ACTIONS as Record<string, Describe>)[name];
  if (!describe) return action;
  const say: Said = {
    doc: (type) => w.document(type) ?? words(type),
    who: (role) => w.borrower(role).toLowerCase(),
    step: (id) => w.step(id) ?? words(id),
    file: ([type = "", subtype, side]) => {
      const details = [
        subtype ? (w.subtype?.(subtype) ?? words(subtype)).toLowerCase() : "",
        side ? `${side} side` : "",
      ];
      const said = details.filter(Boolean).join(", ");
      return `${w.document(type) ?? words(type)}${said ? ` (${said})` : ""}`;
    },
  };
  return describe(args, say);
}
