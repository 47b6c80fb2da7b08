// The words of the pages an emailed link opens (web/src/pages/auth: a co-borrower's invite, a
// set-password link). Apart from engine/locale/words.ts so they load with those pages only.
// Translated like every engine word (content/locales/<code>/engine.json, `/<id>`).
import { wordsOf } from "./words.ts";

export const AUTH_WORDS = {
  // While an emailed link is checked (web/src/pages/auth: a co-borrower's invite, a set-password link).
  "auth.checkingInvite": "Checking your invite",
  "auth.checkingLink": "Checking your link",
  "auth.working": "Working",
  "auth.goToSignIn": "Go to sign in",
  "auth.linkIncomplete": "This link is not complete",
  "auth.linkIncompleteBody":
    "Open the link from your email again, or copy the whole link into the address bar.",
  // The co-borrower's join page (web/src/pages/auth/JoinPage.tsx): {role} is the role's name, as a sentence's inside writes it.
  "join.documentTitle": "Join an application",
  "join.linkBroken": "This invite link does not work",
  "join.invited": "{inviter} invited you to apply together as {role}",
  "join.introSigns":
    "{inviter} has answered the home equity line of credit application for both of you. Each borrower gives their own consent and signs the disclosures themselves: you do that here, with your own account. The application is submitted once you have signed.",
  "join.introAnswers":
    "You answer your own part of the home equity line of credit application (your details, work, income and documents) with your own account. Only you see your answers; {inviter} sees how far you have got.",
  "join.sentTo": "The invite was sent to {email}: your account will use that address.",
  "join.worksUntil": "This link works until {date}, once.",
  "join.accept": "Accept and continue",
} as const;

export type AuthWordId = keyof typeof AUTH_WORDS;

/** A word of those pages in the page's language (English where it has none). */
export const authWord = wordsOf(AUTH_WORDS);
