// The words of the applicant's sign-in pages and of the pages an emailed link opens
// (web/src/pages/auth: a co-borrower's invite, a set-password link). Apart from
// engine/locale/words.ts so they load with those pages only.
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
  // The applicant's sign-in pages (web/src/pages/auth): the portal's stay English (login-words.ts).
  "login.documentTitle": "Sign in",
  "login.title": "Sign in to your application",
  "login.intro":
    "Use the email address you applied with, or the mobile number you verified. We will send you a 6-digit code, or you can use your password.",
  "login.mobile": "Mobile number",
  "login.mobileHint": "The number you verified on your application.",
  "login.email": "Email address",
  "login.code": "6-digit code",
  "login.codeHint.text": "From the text we just sent.",
  "login.codeHint.email": "From the email we just sent.",
  "login.password": "Password",
  "login.passwordInstead": "Sign in with a password instead",
  "login.emailInstead": "Email me a code instead",
  "login.textInstead": "Text me a code instead",
  "login.newCode": "Send a new code",
  "login.passwordForCode": "Enter your password again for a new code",
  "login.send.text": "Text me a code",
  "login.send.email": "Email me a code",
  "login.signIn": "Sign in",
  "login.working": "Working",
  "login.check.email": "Enter your email address.",
  "login.check.emailValid": "Enter a valid email address, like name@example.com.",
  "login.check.phone": "Enter your mobile number.",
  "login.check.phoneValid": "Enter your 10-digit US mobile number, like (303) 555-0142.",
  "login.check.code": "Enter the 6-digit code from the email.",
  "login.check.codeDigits": "The code is 6 digits.",
  "login.check.password": "Enter your password.",
  // What the form says once a code was sent: {phone} and {email} as the applicant typed them.
  "login.sent.text":
    "If {phone} is the verified mobile number of an application, we texted a 6-digit code to it. It works once, for 10 minutes.",
  "login.sent.email":
    "If {email} has an account, we sent a 6-digit code to it. It works once, for 10 minutes.",
  // The sign-in error page (web/src/pages/auth/AuthErrorPage.tsx): {again} and {home} are links.
  "authError.documentTitle": "Sign-in problem",
  "authError.title": "We could not sign you in",
  "authError.next": "{again} or {home}.",
  "authError.again": "Try signing in again",
  "authError.home": "go to the home page",
} as const;

export type AuthWordId = keyof typeof AUTH_WORDS;

/** A word of those pages in the page's language (English where it has none). */
export const authWord = wordsOf(AUTH_WORDS);
