// The mailed sign-in code. Through the mail gate, as the proof of the address
// (server/features/messaging/mail.ts): the code is issued only once the mail may go, so a refused
// mail never retires a code mailed before. No code in the subject: a subject shows on a locked
// phone's screen.
import { mailGate } from "@server/features/messaging/mail";
import type { AuthBase } from "./base";
import { serverWordIn } from "@engine/locale/server-words";
import { mailWords } from "@server/features/locale/locale";

/** `language`: the reader's choice (the heloc.lang cookie), for an applicant's code; staff read English. */
export const mailCode = ({ services, kind, twoFactor }: AuthBase, email: string, language?: string) =>
  mailGate(services).send(
    email,
    async () => {
      const code = await services.codes.issue(kind, email);
      return twoFactor
        ? {
            subject: "Your partner portal sign-in code",
            text: `Your sign-in code is ${code}.\n\nIt works once, for 10 minutes. If you did not just enter your password, tell your administrator.`,
          }
        : {
            subject: serverWordIn(mailWords(services, language), "mail.signInCode.subject"),
            text: serverWordIn(mailWords(services, language), "mail.signInCode.text", { code }),
          };
    },
    { kind: twoFactor ? "portal-sign-in-code" : "sign-in-code", applicationId: null, proof: true },
  );
