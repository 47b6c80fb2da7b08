// Notarization of the security instrument behind an adapter interface. The real local
// implementation is an in-person notarization whose record staff enter in the portal (the notary,
// their commission, the day and the place); a remote online notarization (RON) provider would plug
// in as another adapter. Nothing here reports a notarization that did not happen: the RON adapter
// refuses until a provider is connected, and the in-person record is checked against the file.
import type { LoanFile } from "@engine/generated/schema-types";
import { invalidAnswers, refuse } from "../refusal";

export type Notarization = NonNullable<LoanFile["notarization"]>;
type Actor = Notarization["recordedBy"];

/** What staff enter of an in-person notarization (schemas/api-loan.json notarizationRecord). */
export interface NotarizationEntry {
  notaryName: string;
  commission: string;
  commissionExpires?: string | null;
  notarizedOn: string;
  place: string;
}

export interface NotarizationContext {
  /** The home's calendar day today: a notarization cannot be recorded for a later day. */
  today: string;
  /** The day the closing package was made: the instrument cannot have been notarized before. */
  packageMadeOn: string;
  at: string;
  by: Actor;
}

export interface NotarizationProvider {
  /** Recorded with the notarization ("in-person", a RON provider's name). */
  readonly name: string;
  /** The notarization as this provider can vouch for it, or a refusal naming why not. */
  record(entry: NotarizationEntry, context: NotarizationContext): Promise<Notarization>;
}

/** Staff witnessed (or received the notary's certificate of) an in-person notarization and enter it. */
export class InPersonNotarization implements NotarizationProvider {
  readonly name = "in-person";

  async record(entry: NotarizationEntry, context: NotarizationContext): Promise<Notarization> {
    const errors = [];
    if (entry.notarizedOn > context.today)
      errors.push({ pointer: "/notarizedOn", message: "The day of the notarization cannot be after today." });
    if (entry.notarizedOn < context.packageMadeOn)
      errors.push({
        pointer: "/notarizedOn",
        message: "The closing documents were made after that day: they cannot have been notarized then.",
      });
    if (entry.commissionExpires && entry.commissionExpires < entry.notarizedOn)
      errors.push({
        pointer: "/commissionExpires",
        message: "The notary's commission had expired on the day of the notarization.",
      });
    if (errors.length) throw invalidAnswers(errors);
    return {
      provider: this.name,
      notaryName: entry.notaryName.trim(),
      commission: entry.commission.trim(),
      commissionExpires: entry.commissionExpires ?? null,
      notarizedOn: entry.notarizedOn,
      place: entry.place.trim(),
      recordedAt: context.at,
      recordedBy: context.by,
    };
  }
}

/**
 * Where a remote online notarization provider plugs in (a session with the notary over video,
 * the provider's certificate and audit trail). No provider is connected: it refuses, so no
 * notarization is ever reported that did not happen.
 */
export class RemoteOnlineNotarizationStub implements NotarizationProvider {
  readonly name = "remote-online-stub";

  async record(): Promise<never> {
    throw refuse(
      "notNow",
      "Remote online notarization is not connected: no provider is configured. Record an in-person notarization instead.",
    );
  }
}
