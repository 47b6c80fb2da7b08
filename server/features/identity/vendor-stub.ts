// Where a real identity-verification vendor plugs in (document authenticity, face match): an
// adapter that sends the case's images to the vendor and records its verdict. Not built yet and
// not wired by default (services use ManualReviewProvider): it refuses to run rather than
// pretend a check happened.
import type { IdentityCase, IdentityProvider } from "./provider";

export interface VendorIdentityConfig {
  /** The vendor's API base URL and key; both required before this adapter can be used. */
  apiUrl?: string;
  apiKey?: string;
}

export class IdentityVendorNotConfigured extends Error {
  constructor() {
    super(
      "The identity-verification vendor is not configured: no vendor adapter has been built, so cases go to manual review in the portal.",
    );
    this.name = "IdentityVendorNotConfigured";
  }
}

export class VendorIdentityProviderStub implements IdentityProvider {
  readonly name = "vendor-stub";

  constructor(private readonly config: VendorIdentityConfig = {}) {}

  async start(_identityCase: IdentityCase): Promise<never> {
    void this.config;
    throw new IdentityVendorNotConfigured();
  }
}
