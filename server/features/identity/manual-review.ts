// The built-in identity provider: no automatic check, the case is queued for a person in the
// portal (identityReviews.pending, then approve or reject with a reason).
import { randomUUID } from "node:crypto";
import type { Db } from "@server/persistence/db/client";
import { identityReviews } from "@server/persistence/db/schema";
import type { IdentityCase, IdentityProvider } from "./provider";

export class ManualReviewProvider implements IdentityProvider {
  readonly name = "manual-review";

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async start(identityCase: IdentityCase) {
    await this.db.insert(identityReviews).values({
      id: randomUUID(),
      applicationId: identityCase.applicationId,
      borrower: identityCase.borrower,
      idType: identityCase.idType,
      uploadIds: JSON.stringify(identityCase.uploads.map((u) => u.id)),
      provider: this.name,
      status: "pending",
      createdAt: this.now(),
    });
    return { status: "pending" as const };
  }
}
