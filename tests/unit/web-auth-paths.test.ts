import { describe, expect, it } from "vitest";
import { AUTH_ERRORS } from "@server/features/auth/errors";
import {
  authBaseFor,
  errorFromUrl,
  errorPagePath,
  sameOriginPath,
  signInPath,
} from "@web/src/session/auth-paths";
import { authErrorMessage } from "@web/src/session/auth-messages";
import { setAt } from "@engine/base/pointer";
import { setContentTable } from "@web/src/app/content-text";
import { localeContent } from "@web/build/locale-content-plugin";

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

  it("builds the sign-in page of a session with the error and the way back, each when given", () => {
    expect(signInPath("/api/authPortal", "/portal/manage-users", "SessionRequired")).toBe(
      "/portal/login?error=SessionRequired&callbackUrl=%2Fportal%2Fmanage-users",
    );
    expect(signInPath("/api/authApplicant", "/app/application/1")).toBe(
      "/app/login?callbackUrl=%2Fapp%2Fapplication%2F1",
    );
    expect(signInPath("/api/authApplicant", null)).toBe("/app/login");
  });

  it("sends a sign-in that cannot go on to its session's error page, naming the error and keeping the way back", () => {
    expect(errorPagePath("/api/authApplicant", "Configuration")).toBe("/app/error?error=Configuration");
    expect(errorPagePath("/api/authPortal", "Configuration")).toBe("/portal/error?error=Configuration");
    expect(errorPagePath("/api/authApplicant", "Configuration", "/app/upload")).toBe(
      "/app/error?error=Configuration&callbackUrl=%2Fapp%2Fupload",
    );
  });
});

describe("sign-in messages (rules/auth-errors.json)", () => {
  const SPEC_NAMES = [
    "UnknownError",
    "OAuthCallbackError",
    "AccountNotLinkedError",
    "MissingAPIRoute",
    "MissingSecret",
    "MissingAuthorize",
    "MissingAdapter",
    "MissingAdapterMethods",
    "UnsupportedStrategy",
    "InvalidCallbackUrl",
  ];
  const OURS = [
    "CredentialsSignin",
    "CodeExpired",
    "CodeLocked",
    "RateLimited",
    "MissingCSRF",
    "InvalidEmail",
    "CodeSent",
    "InvalidLink",
    "WeakPassword",
    "SessionRequired",
    "AccessDenied",
    "Verification",
    "EmailSignin",
    "Configuration",
  ];

  it("has its own words for every error name of spec §8 and every name we use", () => {
    const generic = authErrorMessage("UnknownError");
    for (const name of [...SPEC_NAMES, ...OURS]) {
      expect(Object.keys(AUTH_ERRORS), name).toContain(name);
      expect(authErrorMessage(name), name).toMatch(/^[A-Z].*\.$/);
      if (name !== "UnknownError") expect(authErrorMessage(name), name).not.toBe(generic);
    }
  });

  it("shows in the browser the very words the server answers with", () => {
    for (const [name, words] of Object.entries(AUTH_ERRORS)) expect(authErrorMessage(name)).toBe(words);
  });

  it("falls back to the generic words for a name it does not know, or none", () => {
    const generic = authErrorMessage("UnknownError");
    expect(authErrorMessage("SomethingNew")).toBe(generic);
    expect(authErrorMessage("constructor")).toBe(generic);
    expect(authErrorMessage(null)).toBe(generic);
  });

  it("shows an applicant's page the words in its language, and the portal's in English (the portal is English by design)", () => {
    setContentTable(localeContent("es").content, setAt);
    try {
      expect(authErrorMessage("CodeExpired")).toBe(
        "Ese código venció. Pida un código nuevo e inténtelo de nuevo.",
      );
      expect(authErrorMessage("SomethingNew")).toBe("Algo salió mal al iniciar sesión. Inténtelo de nuevo.");
      expect(authErrorMessage("CodeExpired", "/api/authPortal")).toBe(AUTH_ERRORS.CodeExpired);
      // A language with no current translation of a message (none, or one made from older English) shows the English.
      setContentTable({ "rules/auth-errors.json": {} }, setAt);
      expect(authErrorMessage("CodeExpired")).toBe(AUTH_ERRORS.CodeExpired);
    } finally {
      setContentTable({}, setAt);
    }
  });
});
