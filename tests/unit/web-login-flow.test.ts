import { describe, expect, it } from "vitest";
import { checkCode, checkEmail, checkPassword, initialStage, methodsOf } from "../../web/src/pages/auth/login-flow";

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

describe("sign-in form for staff", () => {
  it("starts at the password when asked to and passwords are offered", () => {
    const both = methodsOf({ email: { type: "email" }, credentials: { type: "credentials" } });
    expect(initialStage(new URLSearchParams(""), both, true)).toBe("password");
    expect(initialStage(new URLSearchParams("step=code"), both, true)).toBe("code");
    expect(initialStage(new URLSearchParams(""), methodsOf({ email: { type: "email" } }), true)).toBe("email");
  });
});
