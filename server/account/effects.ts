// The account-setup step effects (steps setupPhone, setupVerify, setupConsent).
import { registerEffect } from "../trpc/step-effects";
import { recordConsent } from "./consent";
import { sendPhoneCode, verifyPhoneCode } from "./phone";

registerEffect("sendPhoneCode", sendPhoneCode);
registerEffect("verifyPhoneCode", verifyPhoneCode);
registerEffect("recordConsent", recordConsent);
