// Which handler does each effect kind a step file may name (schemas/step.schema.json's enum):
// one explicit table, so what runs on a save is read here, not pieced together from imports.
import { refuse } from "@server/features/refusal";
import { recordConsent } from "../account/consent";
import { sendEmailCode, verifyEmailCode } from "../account/email";
import { sendPhoneCode, verifyPhoneCode } from "../account/phone";
import { giveDisclosures } from "../esign/give-disclosures";
import { recordSignatures } from "../esign/signatures";
import { inviteMember } from "../members/effects";
import type { EffectHandler, StepEffect } from "./effects";

const handlers: Record<StepEffect["kind"], EffectHandler> = {
  recordSignatures: { record: recordSignatures },
  sendPhoneCode,
  verifyPhoneCode,
  sendEmailCode,
  verifyEmailCode,
  recordConsent,
  inviteMember,
  giveDisclosures,
};

export const registeredEffectKinds = (): string[] => Object.keys(handlers);

export function handlerOf(effect: StepEffect): EffectHandler {
  const handler = (handlers as Record<string, EffectHandler | undefined>)[effect.kind];
  if (!handler)
    throw refuse("misconfigured", `no handler is registered for the effect kind "${effect.kind}"`);
  return handler;
}
