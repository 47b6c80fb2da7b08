// The engine's words only the server says: the refusals an applicant can meet and the codes it
// mails. Kept apart from engine/locale/words.ts so the browser's bundle carries none of them; a
// translation of them is data like any other word (content/locales/<code>/engine.json, `/<id>`).
import { NOT_OPEN_YET, START_FROM_FIRST } from "../funnel/journey";
import { longDate } from "../base/dates";
import { LENDER_WORDS, type LenderWordId } from "./lender-words";
import { PAGE_WORDS } from "./page-words";
import { fill, type PageWordId } from "./words";

export const SERVER_WORDS = {
  // The server's refusals an applicant can meet (server/transport/trpc/init.ts gives them in the
  // reader's language; a refusal whose words are a step's, such as its dueReason, is translated there).
  "refusal.internal": "Something went wrong on our side. Your answers are safe; please try again.",
  "refusal.savedElsewhere":
    "Your application was being saved from somewhere else at the same moment. Please try again.",
  "refusal.changedInAnotherWindow":
    "Your application was changed in another window. Reload to see the latest answers.",
  "refusal.changedMeanwhile": "Your application changed meanwhile. Reload the page and try again.",
  "refusal.changedMeanwhileRetry": "Your application changed meanwhile. Please try again.",
  "refusal.signInToContinue": "Sign in to continue your application",
  "refusal.noApplication": "There is no application for this account",
  "refusal.submitted":
    "Your application is submitted, so its answers can no longer be changed. If something is wrong, contact us.",
  "refusal.cancelled":
    "This line of credit was cancelled under the right to cancel, so the application can no longer be changed.",
  "refusal.startFromFirst": START_FROM_FIRST,
  "refusal.notOpenYet": NOT_OPEN_YET,
  // The codes an applicant is mailed (server/features/auth/email-proof.ts, nextauth/code-mail.ts) and
  // what a wrong one is told (server/features/account/email.ts).
  "mail.emailProof.subject": "Confirm your email address",
  "mail.emailProof.text":
    "Your code is {code}. It confirms that this email address is yours.\n\nEnter it on the page that asked for it. It works once, for 10 minutes. Once your address is confirmed, you can sign back in to your application from any device.\n\nIf you did not start a home equity line of credit application with us, you can ignore this email: nothing happens without the code.",
  "mail.knownAddress.subject": "Sign in to continue your application",
  "mail.knownAddress.text":
    "Someone, hopefully you, started a new home equity line of credit application with this email address. You already have an application with us, so we have not started a second one.\n\nYour sign-in code is {code}. Enter it on the page that asked for it (it works once, for 10 minutes) and you will be back in your application, where you left it.\n\nIf this was not you, you can ignore this email: nobody can open your application without the code.",
  "mail.signInCode.subject": "Your sign-in code",
  "mail.signInCode.text":
    "Your sign-in code is {code}.\n\nIt works once, for 10 minutes. If you did not ask for it, you can ignore this email.",
  // A borrower named in another's mail when the application has no name for them
  // (server/features/steps/voided.ts, others.ts), and how a mail lists the answers that changed.
  "mail.someone.owner": "The borrower",
  "mail.someone.member": "Your co-borrower",
  "mail.list.and": "and",
  // The codes an applicant is texted (server/features/account/phone.ts, auth/phone-sign-in.ts):
  // short, naming the lender who sends them, never asking for the code to be shared.
  "text.phoneVerification":
    "{lender}: {code} is your verification code for your home equity line of credit application. It expires in 10 minutes. Do not share it.",
  "text.phoneSignIn":
    "{lender}: {code} is your sign-in code for your home equity line of credit application. It expires in 10 minutes. Do not share it.",
  "refusal.code.emailFirst": "Enter your email address first, so we can send you a code.",
  "refusal.code.expired": "That code has expired. Go back and we will email you a new one.",
  "refusal.code.locked":
    "Too many wrong codes from here. Go back and we will email you a new one, or try again later.",
  "refusal.code.none": "We have no code for this address. Go back and we will email you one.",
  "refusal.code.invalid": "That code is not the one we emailed. Check it and try again.",
  "refusal.code.changed":
    "Your email address changed while we checked this code. Go back and we will email a code to the new address.",
  // The phone verification step (server/features/account/phone.ts) and the text gate's refusals
  // (server/features/messaging/texts.ts TEXT_REFUSALS).
  "refusal.phoneCode.phoneFirst": "Enter your mobile number first, so we can text you a code.",
  "refusal.phoneCode.expired": "That code has expired. Go back and we will text you a new one.",
  "refusal.phoneCode.locked": "Too many wrong codes. Go back and we will text you a new one.",
  "refusal.phoneCode.none": "We have no code for this number. Go back and we will text you one.",
  "refusal.phoneCode.invalid": "That code is not the one we texted. Check it and try again.",
  "refusal.phoneCode.changed":
    "Your mobile number changed while we checked this code. Go back and we will text a code to the new number.",
  "refusal.text.region":
    "We can text only US mobile numbers. Enter a US mobile number, or call us and we will help you another way.",
  "refusal.text.numberType":
    "This number cannot receive our texts (it is a toll-free, premium-rate or personal number). Enter your mobile number.",
  "refusal.text.areaCode":
    "We cannot text numbers in this area code. Enter another mobile number, or call us.",
  "refusal.text.tooManyCodes":
    "We have sent several codes in the last few minutes. Please wait a few minutes before asking again.",
  "refusal.text.perNetwork":
    "We cannot send more texts from your network right now. Please try again in an hour.",
  "refusal.text.perNumber":
    "We have texted this number several times already. Please wait before asking for another code.",
  "refusal.text.perHour": "We cannot send texts right now. Please try again in a little while.",
  "refusal.text.dailySpend": "We cannot send texts right now. Please try again tomorrow, or call us.",
  // POST /api/upload and the documents an applicant removes (server/features/uploads): the route
  // gives each in the request's language, as tRPC's error formatter does.
  "refusal.upload.signIn": "Sign in to upload documents.",
  "refusal.upload.tooMany": "Too many uploads in a short time. Please wait a few minutes and try again.",
  "refusal.upload.notMultipart": 'Send the upload as multipart/form-data with the file in the field "file".',
  "refusal.upload.unreadable": "The upload could not be read as multipart/form-data. Please try again.",
  "refusal.upload.fieldOnce": 'Send "{field}" once, as text.',
  "refusal.upload.whichDocument": "Say which document this is (documentType).",
  "refusal.upload.documentType": "documentType must be a document type such as bank_statements.",
  "refusal.upload.borrower": "borrower must be {roles}.",
  "refusal.upload.propertyId": "propertyId must be a property's id.",
  "refusal.upload.subtype": "subtype must be a document subtype such as driver_license.",
  "refusal.upload.side": 'side must be "front" or "back".',
  "refusal.upload.applicationId": "applicationId must be an application's id.",
  "refusal.upload.noFile": 'Choose a file to upload (the form field "file" is missing).',
  "refusal.upload.oneFile": "Upload one file at a time.",
  "refusal.upload.notAFile": 'The field "file" must hold a file, not text.',
  "refusal.upload.empty": "The file is empty. Choose the file again.",
  "refusal.upload.tooLarge": "The file is too large: the limit is {limit}.",
  "refusal.upload.wrongType":
    "This file is not a PDF, JPEG, PNG or HEIC file. Upload a PDF or a photo (JPEG, PNG or HEIC).",
  "refusal.upload.notYours": "That application is not yours.",
  "refusal.upload.noApplication": "There is no application for this account.",
  "refusal.upload.ownDocuments": "Each borrower uploads their own documents, with their own account.",
  "refusal.upload.changedWhileUploading":
    "Your application changed while the file was uploading. Please try again.",
  "refusal.upload.fileBusy": "This file is being stored or removed at this moment. Please try again.",
  "refusal.upload.internal": "Something went wrong on our side. Nothing was stored; please try again.",
  "refusal.upload.internalRead": "Something went wrong on our side. Please try again.",
  "refusal.upload.signInToDownload": "Sign in to download this file.",
  "refusal.upload.noSuch": "There is no such upload.",
  "refusal.upload.unreadableFile": "This file cannot be read right now. Please try again later.",
  "refusal.upload.submitted": "Your application is submitted, so its documents can no longer be removed.",
  "refusal.upload.noSuchOnApplication": "There is no such upload on your application.",
  "refusal.upload.verifiedId": "This photo ID has been verified, so it cannot be removed.",
  // An upload of another photo ID than the one chosen on the identity step: {idType} is its title, {role} a member role's label.
  "refusal.upload.idChosen.own":
    "You chose {idType} as your ID. Upload that, or change the choice on the identity verification step first.",
  "refusal.upload.idChosen.member":
    "You chose {idType} as your {role}'s ID. Upload that, or change the choice on the identity verification step first.",
  // Which requirement an upload counts toward (server/features/uploads/requirements.ts): {document} is
  // a document type's title (a photo ID's type once known), {role} a member role's label, both as a
  // sentence's inside writes them; {side} and {sides} the checklist's side words; {types} and
  // {subtype} the API's ids (documentType values such as driver_license).
  "refusal.upload.notNeeded": "Your application does not need {document}, so it cannot be uploaded.",
  "refusal.upload.whichProperty": "Say which property the {document} is for.",
  "refusal.upload.notForProperty": "Your application does not need {document} for that property.",
  "refusal.upload.notForBorrower.own": "Your application does not need your {document}.",
  "refusal.upload.notForBorrower.member": "Your application does not need your {role}'s {document}.",
  "refusal.upload.whichIdType": "Say which kind of photo ID this is: one of {types}.",
  "refusal.upload.idNotAccepted": "“{subtype}” is not a photo ID we accept. Use one of: {types}.",
  "refusal.upload.subtypeNotAccepted":
    "“{subtype}” is not a kind of {document} we accept. Use one of: {types}.",
  "refusal.upload.noSubtypes": "There are no kinds of {document} to choose from: leave the subtype out.",
  "refusal.upload.noSides": "The {document} has no front and back: leave the side out.",
  "refusal.upload.whichSide": "Say which side of the {document} this is: the {sides}.",
  "refusal.upload.or": "{first} or {last}",
  "refusal.upload.onlySide": "Only the {sides} is needed for this document, not the {side}.",
  "refusal.upload.onlySides": "Only the {sides} are needed for this document, not the {side}.",
  "refusal.upload.sideUploaded.own":
    "The {side} of your {document} is already uploaded. Remove it first to upload a new one.",
  "refusal.upload.sideUploaded.member":
    "The {side} of your {role}'s {document} is already uploaded. Remove it first to upload a new one.",
  "refusal.upload.full.one.own":
    "You have already uploaded your {document} and {extra} more files. Remove one first to upload a new one.",
  "refusal.upload.full.one.member":
    "You have already uploaded your {role}'s {document} and {extra} more files. Remove one first to upload a new one.",
  "refusal.upload.full.many":
    "You have already uploaded all {count} {document} needed and {extra} more files. Remove one first to upload a new one.",
  // Refusals with a value written into them: the refusal carries the word and its values
  // (`said`), and the transport writes the values into the reader's language
  // (server/features/locale/refusal-text.ts).
  "refusal.disclosures.openFirst": "Open “{title}” on this page and read it before you continue",
  "refusal.disclosures.incompleteToApply":
    "These disclosures are not complete yet, so we cannot take your application: {titles}. Contact us and we will complete them.",
  "refusal.disclosures.incompleteToSign":
    "These disclosures are not complete yet, so they cannot be signed: {titles}. Contact us and we will complete them.",
  // Electronic consent and the disclosures a page gives (server/features/esign): {document} is the
  // id the call named (it names no text the application gives).
  "refusal.esign.notAgreed": "You have not agreed to electronic documents, so we send you paper already.",
  "refusal.esign.alreadyWithdrawn": "You already withdrew your consent: we send you paper.",
  "refusal.esign.notGiven": "“{document}” is not given on this application",
  "refusal.esign.changedInAnotherWindow":
    "Your application was changed in another window. Reload and open it again.",
  "refusal.invite.email": "Enter your {role}'s email address, so we can send them a link",
  // The join page (members.invitation, members.accept) and a borrower's reminder (members.remind).
  "member.aBorrower": "A borrower",
  "refusal.join.linkGone":
    "This invite link has expired, was replaced by a newer one, or was already used. Ask the borrower to send you a new invite, or sign in if you have joined already.",
  "refusal.join.otherAccount":
    "This invite is for {email}, and you are signed in with another account. Sign out, then open the link again.",
  "refusal.join.hasApplication":
    "This email address already has an application with us. Ask the borrower to invite another address of yours, or contact us.",
  "refusal.remind.ownerOnly": "Only the borrower who started the application sends reminders.",
  "refusal.remind.notInvited": "Nobody has been invited to that part yet.",
  "refusal.remind.partDone": "Their part is done: there is nothing to remind them of.",
  "refusal.remind.tooMany":
    "We have sent several emails to them in the last hour. Please wait before sending another.",
  "refusal.remind.justJoined": "They have just joined: reload to see it.",
  "refusal.invite.tooMany":
    "We have sent several invites in the last hour. Please wait before sending another.",
  // The right to cancel (server/features/esign/cancellation.ts): a day is written in the reader's language.
  "refusal.cancel.noSuchApplication": "There is no such application.",
  "refusal.cancel.notOpenYet":
    "The right to cancel starts when the account opens, after the closing documents are signed and notarized: there is nothing to cancel yet.",
  "refusal.cancel.noRight":
    "No right to cancel applies to this line: no owner said the home securing it is their principal dwelling.",
  "refusal.cancel.already": "This line was already cancelled by {name} on {date}.",
  "refusal.cancel.ownSession": "Only an owner with the right to cancel may cancel, in their own session.",
  "refusal.cancel.notHolder": "Only an owner with the right to cancel may cancel (one named on the notice).",
  "refusal.cancel.sentAfterToday": "The day the cancellation was sent cannot be after today.",
  "refusal.cancel.sentBeforeStart":
    "The right to cancel started on {date}: a cancellation sent before it is not one.",
  "refusal.cancel.periodEnded": "The period to cancel ended at midnight on {date}.",
  "refusal.cancel.applicationChanged": "The application changed meanwhile. Please try again.",
  "refusal.cancel.loanFileChanged": "The loan file changed meanwhile. Please try again.",
  // A mail's greeting when the application has no name for its reader (server/features/decisions/offer-mail.ts, loan/notify.ts): "Hello, {name}".
  "mail.greeting.noName": "there",
  // Signing (server/features/esign/signatures.ts, the closing package in server/features/loan/closing.ts),
  // the E-SIGN consent's PDF code (server/features/account/consent.ts), a disclosure a page gives
  // (esign/open-document.ts: {document} is the id the call named) and another borrower's answers
  // (server/features/steps/checked-answers.ts).
  "refusal.sign.typeName": "Type your name to sign",
  "refusal.esign.pdfCode": "Open the PDF and type the 6-digit code printed in it",
  "refusal.esign.notAskedToOpen": "This page does not ask you to open “{document}”",
  "refusal.answers.ownOnly": "Only the borrower it is about can give this answer, in their own session",
  "refusal.file.changed": "The file changed meanwhile. Reload it and try again.",
  "refusal.closing.answersClosed":
    "Your line of credit is open or your file is closed, so your answers about the home can no longer change.",
  "refusal.closing.notOnTitle": "You are not on the title of the home, so we do not ask you this.",
  "refusal.closing.notReady":
    "The closing documents can be signed only once they are ready for you: your file is not at that stage.",
  "refusal.closing.borrowersOnly": "Only a borrower applying signs the closing documents.",
  "refusal.closing.alreadySigned": "You have already signed the closing documents.",
  // A PDF an applicant downloads (server/transport/http/pdf-download.ts and its routes: the signed
  // disclosures, a notice, the signed closing documents); staff read them in English.
  "refusal.download.crossSite": "Open your documents from your application",
  "refusal.download.tooMany": "Too many downloads. Please try again in a few minutes.",
  "refusal.download.disclosures.signIn": "Sign in to download your signed disclosures",
  "refusal.download.disclosures.notFound": "There is no such signed copy",
  "refusal.download.notice.signIn": "Sign in to download your notice",
  "refusal.download.notice.notFound": "There is no such notice",
  "refusal.download.closing.signIn": "Sign in to download your signed closing documents",
  "refusal.download.closing.notFound": "There is no signed copy of the closing documents yet",
  // A call naming a step or section the definitions do not have ({step}, {section}: the ids it named).
  "refusal.step.noSuch": 'Step "{step}" does not exist',
  "refusal.step.noSection": 'Step "{step}" has no section "{section}"',
  // A new application from a network that started too many (server/features/messaging/guests.ts).
  "refusal.guests.tooMany":
    "Too many new applications have been started from your network. If you have started one already, sign in to continue it, or try again later.",
  // The applicant's answer to the valuation's waiver (server/features/loan/valuations.ts).
  "refusal.valuation.notSubmitted": "Your application is not submitted yet.",
  "refusal.valuation.accountOpen": "Your account is already open.",
  "refusal.valuation.fileChanged": "Your file changed meanwhile. Reload the page and try again.",
  // A borrower's answer to a condition, and a document that answers one (server/features/loan/conditions.ts).
  "refusal.condition.notYours": "This condition is not asked of you.",
  "refusal.condition.asksDocument": "This condition asks for a document: upload it on your documents page.",
  "refusal.condition.notWaiting": "This condition is no longer waiting for an answer.",
  "refusal.condition.noneWaiting": "No condition is waiting for this document any more.",
  "refusal.condition.fileClosed": "This file is closed: its conditions can no longer change.",
  "refusal.condition.fileChanged": "The file changed meanwhile. Reload it and try again.",
} as const;

/** Every engine word, the browser's and the server's. */
export const ENGINE_WORDS: Readonly<Record<EngineWordId, string>> = {
  ...PAGE_WORDS,
  ...SERVER_WORDS,
  ...LENDER_WORDS,
};
export type ServerWordId = keyof typeof SERVER_WORDS;
export type EngineWordId = PageWordId | ServerWordId | LenderWordId;

/** A word in English, filled. */
export const englishWord = (id: EngineWordId, values?: Record<string, string | number>) =>
  fill(ENGINE_WORDS[id], values);

/**
 * A value written into a said word: text as it is (a name, a field), a number, a day (ISO date,
 * written long in the reader's language), dollars, an English string of the definitions that the
 * reader's language translates (`lower`: as a sentence's inside writes it, "co-borrower", "state ID"), a list
 * of values, or another said word.
 */
export type SaidValue =
  | string
  | number
  | { date: string }
  | { amount: number }
  | { text: string; lower?: boolean }
  | { list: SaidValue[] }
  | Said;
/** An engine word and its values: what a refusal carries, so that each reader is told it in their language. */
export interface Said {
  word: EngineWordId;
  values?: Record<string, SaidValue>;
}

export const said = (word: EngineWordId, values?: Record<string, SaidValue>): Said =>
  values ? { word, values } : { word };

/** How a language writes a said word: its words, its translation of a definitions' string, its Intl tag. */
export interface Saying {
  words: Partial<Record<EngineWordId, string>> | undefined;
  text: (english: string) => string;
  intl: string;
}

const money = new Map<string, Intl.NumberFormat>();
function dollars(amount: number, intl: string): string {
  let format = money.get(intl);
  if (!format)
    money.set(intl, (format = new Intl.NumberFormat(intl, { style: "currency", currency: "USD" })));
  return format.format(amount);
}

function valueWith(value: SaidValue, saying: Saying): string | number {
  if (typeof value === "string" || typeof value === "number") return value;
  if ("word" in value) return sayWith(value, saying);
  if ("date" in value) return longDate(value.date, saying.intl);
  if ("amount" in value) return dollars(value.amount, saying.intl);
  if ("list" in value) return value.list.map((v) => valueWith(v, saying)).join(", ");
  const text = saying.text(value.text);
  // As a sentence's inside writes a title: its first letter only, a word's ("State ID" → "state ID").
  return value.lower && /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** `s` written as `saying`'s language writes it (its word, or the English where it has none). */
export const sayWith = (s: Said, saying: Saying): string =>
  fill(
    saying.words?.[s.word] ?? ENGINE_WORDS[s.word],
    Object.fromEntries(Object.entries(s.values ?? {}).map(([k, v]) => [k, valueWith(v, saying)])),
  );

const ENGLISH: Saying = { words: undefined, text: (english) => english, intl: "en-US" };
/** `s` in English: a refusal's message as the API has always given it to an English reader. */
export const englishOf = (s: Said): string => sayWith(s, ENGLISH);

/** The words of `table` (a language's, with English where it has none) at `id`, filled. */
export const serverWordIn = (
  table: Partial<Record<EngineWordId, string>> | undefined,
  id: EngineWordId,
  values?: Record<string, string | number>,
) => fill(table?.[id] ?? ENGINE_WORDS[id], values);
