import { describe, expect, it } from "vitest";
import {
  asksForCode,
  checkCode,
  checkEmail,
  checkNewPassword,
  checkPassword,
  initialStage,
  loginFieldErrors,
  loginStart,
  methodsOf,
  restartStage,
} from "@web/src/pages/auth/login-flow";

describe("sign-in form stages", () => {
  const both = methodsOf({ email: { type: "email" }, credentials: { type: "credentials" } });

  it("offers what the providers allow", () => {
    expect(both).toEqual({ code: true, password: true });
    expect(methodsOf({ credentials: { type: "credentials" } })).toEqual({ code: false, password: true });
    expect(methodsOf(null)).toEqual({ code: false, password: false });
  });

  it("starts with the email, at the code when the URL says a code was sent, or at the password without codes", () => {
    expect(initialStage(new URLSearchParams(""), both)).toBe("email");
    expect(initialStage(new URLSearchParams("step=code"), both)).toBe("code");
    expect(initialStage(new URLSearchParams("step=code"), { code: false, password: true })).toBe("password");
  });

  it("says what is wrong with each field", () => {
    expect(checkEmail("")).toMatch(/Enter your email/);
    expect(checkEmail("dana@")).toMatch(/valid email/);
    expect(checkEmail(" dana@example.com ")).toBeNull();
    expect(checkCode("12345")).toMatch(/6 digits/);
    expect(checkCode("123456")).toBeNull();
    expect(checkPassword("")).toMatch(/password/);
  });
});

describe("the sign-in form's fields", () => {
  const answers = { email: "ada@example.com", phone: "", secret: "" };

  it("asks for the email address, or the mobile number when the code goes by text", () => {
    expect(loginFieldErrors("email", false, answers)).toEqual({});
    expect(loginFieldErrors("email", true, answers)).toEqual({ phone: "Enter your mobile number." });
    expect(loginFieldErrors("email", false, { ...answers, email: "ada" })).toEqual({
      email: "Enter a valid email address, like name@example.com.",
    });
  });

  it("asks for the code at the code stage and the password at the password stage, nothing else before", () => {
    expect(loginFieldErrors("code", false, answers)).toEqual({
      code: "Enter the 6-digit code from the email.",
    });
    expect(loginFieldErrors("code", false, { ...answers, secret: "123456" })).toEqual({});
    expect(loginFieldErrors("password", false, answers)).toEqual({ password: "Enter your password." });
  });
});

describe("how the sign-in page opens (spec §8 behaviours)", () => {
  const applicant = { email: { type: "email" }, credentials: { type: "credentials" } };
  const portal = { credentials: { type: "credentials" } };
  const at = (query: string) => new URLSearchParams(query);

  it("goes to the error page when no providers loaded, or none offers a way in", () => {
    expect(loginStart(null, at(""))).toEqual({ kind: "errorPage", error: "Configuration" });
    expect(loginStart({}, at("callbackUrl=%2Fapp%2Fupload"))).toEqual({
      kind: "errorPage",
      error: "Configuration",
    });
    expect(loginStart({ github: { type: "oauth" } }, at(""))).toEqual({
      kind: "errorPage",
      error: "Configuration",
    });
  });

  it("goes to the plain sign-in page when asked for a provider this session does not offer", () => {
    expect(loginStart(applicant, at("provider=github&callbackUrl=%2Fapp%2Fupload"))).toEqual({
      kind: "signInPage",
    });
    expect(loginStart(portal, at("provider=email"))).toEqual({ kind: "signInPage" });
    expect(loginStart(applicant, at("provider=toString"))).toEqual({ kind: "signInPage" });
  });

  it("opens the form of the provider asked for, or the usual first form when none is", () => {
    expect(loginStart(applicant, at("provider=credentials"))).toEqual({ kind: "form", stage: "password" });
    expect(loginStart(applicant, at("provider=email"))).toEqual({ kind: "form", stage: "email" });
    expect(loginStart(applicant, at("provider=email&step=code"))).toEqual({ kind: "form", stage: "code" });
    expect(loginStart(applicant, at("error=SessionRequired&callbackUrl=%2Fapp%2Fupload"))).toEqual({
      kind: "form",
      stage: "email",
    });
    expect(loginStart(portal, at(""), true)).toEqual({ kind: "form", stage: "password" });
  });
});

describe("sign-in form for staff", () => {
  it("starts at the password when asked to and passwords are offered", () => {
    const both = methodsOf({ email: { type: "email" }, credentials: { type: "credentials" } });
    expect(initialStage(new URLSearchParams(""), both, true)).toBe("password");
    expect(initialStage(new URLSearchParams("step=code"), both, true)).toBe("code");
    expect(initialStage(new URLSearchParams(""), methodsOf({ email: { type: "email" } }), true)).toBe(
      "email",
    );
  });
});

describe("sign-in with a second factor (the portal)", () => {
  const origin = "http://127.0.0.1:3000";
  const passwordOnly = methodsOf({ credentials: { type: "credentials" } });

  it("moves to the code when a right password is answered with the sign-in page at step=code", () => {
    expect(asksForCode("/portal/login?step=code&callbackUrl=%2Fportal", origin)).toBe(true);
    expect(asksForCode(`${origin}/portal/login?step=code`, origin)).toBe(true);
  });

  it("finishes signing in when the answer is the page to return to", () => {
    expect(asksForCode("/portal", origin)).toBe(false);
    expect(asksForCode("/app/application/1?step=code", origin)).toBe(false);
    expect(asksForCode("/portal/login?error=CredentialsSignin", origin)).toBe(false);
    expect(asksForCode(null, origin)).toBe(false);
  });

  it("never follows another site's sign-in page", () => {
    expect(asksForCode("https://evil.example/portal/login?step=code", origin)).toBe(false);
  });

  it("asks for a new code by mail where codes are mailed, and by the password again where they follow it", () => {
    expect(restartStage(methodsOf({ email: { type: "email" }, credentials: { type: "credentials" } }))).toBe(
      "email",
    );
    expect(restartStage(passwordOnly)).toBe("password");
  });
});

describe("setting a portal password from an invite or reset link", () => {
  it("asks for the server's minimum length and says how far off the password is", () => {
    expect(checkNewPassword("short", "short", 12)).toEqual({
      password: "Use at least 12 characters (you have 5).",
    });
    expect(checkNewPassword("", "", 12)).toEqual({
      password: "Enter a new password.",
      confirm: "Enter the password again.",
    });
  });

  it("refuses a confirmation that differs, and accepts two equal long passwords", () => {
    expect(checkNewPassword("a long enough password", "a long enough passw0rd", 12)).toEqual({
      confirm: "The two passwords are not the same.",
    });
    expect(checkNewPassword("a long enough password", "a long enough password", 12)).toEqual({});
    expect(checkNewPassword("x".repeat(257), "x".repeat(257), 12).password).toMatch(/at most 256/);
  });
});
