import { describe, expect, it } from "vitest";
import { authBaseFor, errorFromUrl, sameOriginPath, signInPath } from "../../web/src/session/auth-paths";
import { authErrorMessage } from "../../web/src/session/auth-messages";

describe("auth paths (spec §2 session separation, §8 errors)", () => {
  it("uses the portal session on any path containing /portal, the applicant's elsewhere", () => {
    expect(authBaseFor("/portal")).toBe("/api/authPortal");
    expect(authBaseFor("/portal/manage-users")).toBe("/api/authPortal");
    expect(authBaseFor("/app/portal-help")).toBe("/api/authPortal");
    expect(authBaseFor("/app/login")).toBe("/api/authApplicant");
    expect(authBaseFor("/")).toBe("/api/authApplicant");
  });

  it("reads the error from the url's error parameter", () => {
    expect(errorFromUrl("/app/login?error=CredentialsSignin")).toBe("CredentialsSignin");
    expect(errorFromUrl("http://x.test/portal/login?step=code&error=CodeExpired")).toBe("CodeExpired");
    expect(errorFromUrl("/app/application/1")).toBeNull();
    expect(errorFromUrl(null)).toBeNull();
  });

  it("keeps a callback on our own origin and refuses any other", () => {
    const origin = "https://heloc.test";
    expect(sameOriginPath("/app/application/2?x=1#top", origin)).toBe("/app/application/2?x=1#top");
    expect(sameOriginPath("https://heloc.test/portal", origin)).toBe("/portal");
    expect(sameOriginPath("//evil.test/x", origin)).toBeNull();
    expect(sameOriginPath("https://evil.test/app", origin)).toBeNull();
    expect(sameOriginPath("javascript:alert(1)", origin)).toBeNull();
  });

  it("builds the sign-in page of a session with the error and the way back", () => {
    expect(signInPath("/api/authPortal", "/portal/manage-users", "SessionRequired")).toBe("/portal/login?error=SessionRequired&callbackUrl=%2Fportal%2Fmanage-users");
    expect(signInPath("/api/authApplicant", "/app/application/1")).toBe("/app/login?callbackUrl=%2Fapp%2Fapplication%2F1");
  });

  it("has words for every error name of spec §8 and falls back for unknown ones", () => {
    for (const name of ["UnknownError", "OAuthCallbackError", "AccountNotLinkedError", "MissingAPIRoute", "MissingSecret", "MissingAuthorize", "MissingAdapter", "MissingAdapterMethods", "UnsupportedStrategy", "InvalidCallbackUrl"]) {
      expect(authErrorMessage(name)).toMatch(/\w/);
    }
    expect(authErrorMessage("SomethingNew")).toBe(authErrorMessage("UnknownError"));
  });
});
