// The words of the funnel's displays (web/src/pages/funnel/displays: the disclosures, the offer
// and the draw estimate, the documents checklist, the application's summary) and of an upload. Apart
// from engine/locale/words.ts so they load with the displays' chunk, never with a page that shows
// none (the first funnel page: docs/performance.md). Translated like every engine word
// (content/locales/<code>/engine.json, `/<id>`); a page in another language has them in its table.
import { wordsOf } from "./words.ts";

export const DISPLAY_WORDS = {
  "summary.otherAnswers": "Other answers",
  // The disclosures a step shows (web/src/pages/funnel/displays/DisclosureDocuments.tsx).
  "documents.notFound": "The document “{name}” could not be found. Please contact us before you sign.",
  "documents.version": "Version {version}",
  "documents.mustOpen": "Open it and read it before you continue: we record that you opened it.",
  "documents.open": "Open “{title}”",
  "documents.openFailed": "We could not open it: {error}. Try again.",
  "documents.signedBy": "Signed by {names} on {time}.",
  "documents.signersJoin": " and ",
  "documents.downloadSigned": "Download your signed disclosures (PDF)",
  "documents.signAgain": "Signing again records a new signature; the latest one counts.",
  "documents.preparing": "Preparing your disclosures",
  "documents.prepareFailed":
    "We could not prepare your documents. Reload the page; please do not sign until they show.",
  "documents.agreedOn": "You agreed to this on {day}. Read it again",
  // The documents checklist (web/src/pages/funnel/displays/DocumentChecklist.tsx and ./checklist/);
  // the documents' own names and reasons are the catalogue's (rules/document-types.json).
  "checklist.loading": "Working out which documents we need",
  "checklist.intro":
    "Upload each document below as a PDF or a photo (JPEG, PNG or HEIC), up to {size} per file: drag the files onto their box, choose them, or on a phone take a photo. If you do not have them at hand, you can continue now and upload them later.",
  "checklist.noneNeeded": "From your answers so far, we do not need any documents.",
  "checklist.allIn": "We have every document we need. Thank you.",
  "checklist.stillNeeded.one": "{outstanding} of {total} document is still needed.",
  "checklist.stillNeeded.many": "{outstanding} of {total} documents are still needed.",
  "checklist.ownDocuments": "Your documents",
  "checklist.memberDocuments": "Your {role}'s documents",
  "checklist.propertyDocuments": "Property documents",
  "checklist.status.needed": "Needed",
  "checklist.status.neededOf": "Needed: {done} of {count} uploaded",
  "checklist.status.neededSides.one": "Needed: {done} of {count} side uploaded",
  "checklist.status.neededSides.many": "Needed: {done} of {count} sides uploaded",
  "checklist.status.rejected": "Rejected: please upload a new one",
  "checklist.status.verified": "Verified",
  "checklist.status.inReview": "In review",
  "checklist.status.accepted": "Accepted",
  "checklist.status.uploaded": "Uploaded",
  "checklist.dragFiles": "Drag files here, or",
  "checklist.dragFile": "Drag a file here, or",
  "checklist.chooseFiles": "Choose files",
  "checklist.chooseFile": "Choose a file",
  "checklist.takePhoto": "Take a photo",
  "checklist.addAnother": "Add another file",
  "checklist.whichDocument": "Which document is it? (optional)",
  "checklist.notSure": "Not sure / other",
  "checklist.chooseIdOwn":
    "Choose which photo ID you will use on the Identity Verification step, then upload it here.",
  "checklist.chooseIdMember":
    "Choose which photo ID your {role} will use on the Identity Verification step, then upload it here.",
  "summary.nothingYet": "You have not answered any questions yet.",
  // The offer (web/src/pages/funnel/displays/OfferPreview.tsx).
  "offer.loading": "Working out your offer",
  "offer.none": "From your answers we cannot show an offer yet.",
  "offer.seeWhy": "See why and what you can do",
  "offer.prequalified": "Prequalified estimate",
  "offer.lineUpTo": "Line amount up to",
  "offer.apr": "Estimated APR (variable)",
  "offer.originationFee": "Origination fee",
  "offer.periods": "Draw / repayment period",
  "offer.periodYears": "{draw} / {repay} years",
  "offer.emailMe": "Email me this offer",
  "offer.emailed": "We emailed this estimate to {email}.",
  // The documents checklist's names for screen readers and its messages ({document} is the document's label in a sentence, {whom} a borrower's name).
  "checklist.documentFor": "{document} for {whom}",
  "checklist.upload": "Upload {document}",
  "checklist.photoOf": "Take a photo of {document}",
  "checklist.filesSent": "Files sent: {document}",
  "checklist.side.front": "front",
  "checklist.side.back": "back",
  "checklist.idSide.own": "{side} of your {document}",
  "checklist.idSide.member": "{side} of your {role}'s {document}",
  "checklist.idPhoto.own": "Take a photo of your {document} ({side})",
  "checklist.idPhoto.member": "Take a photo of your {role}'s {document} ({side})",
  "checklist.uploaded": "Uploaded {files}.",
  "checklist.uploading": "Uploading {file}",
  "checklist.uploadingProgress": "Uploading {file}: {percent}%",
  "checklist.uploadingProgressOf": "Uploading {file} ({n} of {count}): {percent}%",
  "checklist.tooMany.one": "Only 1 more file is needed here, so we did not send {files}.",
  "checklist.tooMany.many": "Only {count} more files are needed here, so we did not send {files}.",
  "checklist.emptyFile": "{file} is empty. Choose the file again.",
  "checklist.tooLarge": "{file} is too large: the limit is {size}.",
  "checklist.uploadFailed": "We could not upload {file}. Please try again.",
  "checklist.fileFailed": "{file}: {problem}",
  "upload.tooLarge": "The file is too large.",
  "upload.notTaken": "We could not take this file. Please try again.",
  "checklist.idChecking": "We are checking this ID. You do not need to do anything.",
  "checklist.idVerified": "This ID is verified.",
  "checklist.idRejected": "We could not verify this ID. Upload new photos below.",
  "checklist.idRejectedBecause": "We could not verify this ID: {reason} Upload new photos below.",
  "checklist.fileRejected": "Rejected. Please upload a new one.",
  "checklist.fileRejectedBecause": "Rejected: {reason} Please upload a new one.",
  // The photo ID's sides (web/src/pages/funnel/displays/IdDocumentSides.tsx): {document} is the ID's name in a sentence, {sides} its sides listed.
  "idSides.own.one":
    "You will upload one photo of your {document}: the {side} only. Make sure every corner is visible and the text is readable.",
  "idSides.own.many":
    "You will upload {count} photos of your {document}: the {sides}. Make sure every corner is visible and the text is readable.",
  "idSides.member.one":
    "Your {role} will upload one photo of their {document}: the {side} only. Make sure every corner is visible and the text is readable.",
  "idSides.member.many":
    "Your {role} will upload {count} photos of their {document}: the {sides}. Make sure every corner is visible and the text is readable.",
  "idSides.types.one": "{types}: the {side} only.",
  "idSides.types.many": "{types}: the {sides}.",
  // The draw estimate under the offer (web/src/pages/funnel/displays/DrawEstimate.tsx): {draw} and {min}/{max} are amounts, {apr} a rate.
  "draw.title": "How much would you draw?",
  "draw.amount": "Draw amount:",
  "draw.typeAmount": "Or type an amount (dollars, {min} to {max})",
  "draw.monthly": "Estimated monthly payment",
  "draw.note":
    "Interest only on a {draw} draw at {apr}% APR ({draw} × {apr}% ÷ 12). Your rate is variable, so this payment can change.",
  "draw.notePeriod":
    "Interest only on a {draw} draw at {apr}% APR ({draw} × {apr}% ÷ 12), during the {years}-year draw period. Your rate is variable, so this payment can change.",
  // The line the first draw may use (web/src/pages/funnel/displays/LineAmount.tsx): {days} business days, {date} a day.
  "line.loading": "Loading your line amount",
  "line.unconfirmed":
    "We cannot confirm your line amount right now. Your draw is checked against it when we review your application.",
  "line.amount": "Your line amount",
  "line.paidOff": "Paid off when it opens (your mortgages)",
  "line.leftToDraw": "Left for you to draw",
  "line.drawFor": "You can draw for",
  "line.years": "{years} years",
  "line.earliestDraw":
    "Because this is your primary residence, your first draw waits until your {days} business days to cancel have passed. If your line opened today, the earliest we could send it is {date}.",
  // Each borrower's part and its progress (web/src/pages/funnel/displays/ApplicationProgress.tsx): {role} is a role's label.
  "appProgress.loading": "Loading your application's progress",
  "appProgress.you": "You",
  "appProgress.yourRole": "Your {role}",
  "appProgress.theRole": "The {role}",
  "appProgress.submitted": "Submitted",
  "appProgress.signsLater": "Signs for themselves — we email them a link once you have signed",
  "appProgress.notInvited": "Not invited yet",
  "appProgress.invitedToSign": "Invited to consent and sign — waiting for them",
  "appProgress.invited": "Invited — waiting for them to join",
  "appProgress.joined": "Joined",
  "appProgress.joinedSigned": "Joined — signed",
  "appProgress.joinedAllIn": "Joined — all their answers are in",
  "appProgress.joinedSigning": "Joined — signing",
  "appProgress.joinedAnswering": "Joined — answering their part",
  "appProgress.allIn": "All answers in",
  "appProgress.answering": "Answering",
  "appProgress.property": "The property",
  "appProgress.value": "Estimated value {value}",
  "appProgress.submittedNote":
    "Your application is submitted: our team is reviewing it. If a document is still on your checklist, {link}.",
  "appProgress.uploadHere": "upload it here",
  "appProgress.parts": "Each borrower's part",
  "appProgress.remind": "Remind {name}",
  "appProgress.remindedJoined": "We emailed {email} to sign in and finish their part.",
  "appProgress.remindedLink": "We emailed {email} a new link to join (the one before no longer works).",
  "appProgress.count.one": "{done} of {total} step done",
  "appProgress.count.many": "{done} of {total} steps done",
  "appProgress.steps": "{title}: steps",
  "appProgress.done": "Done",
  "appProgress.next": "Next",
  "appProgress.toDo": "To do",
  // The button that sends a code again when its step names no label (web/src/pages/funnel/displays/SendAgain.tsx).
  "sendAgain.label": "Send it again",
} as const;

export type DisplayWordId = keyof typeof DISPLAY_WORDS;

/** A display's word in the page's language (English where it has none). */
export const displayWord = wordsOf(DISPLAY_WORDS);

/**
 * The word naming a photo ID's side (rules/identity-documents.json: "front", "back"), when the
 * words have one (`checklist.side.<side>`); null for a side they do not name, shown as written.
 * The checklist and the server's upload refusals both name a side by it.
 */
export function sideWordId(side: string): DisplayWordId | null {
  const id = `checklist.side.${side}`;
  return Object.hasOwn(DISPLAY_WORDS, id) ? (id as DisplayWordId) : null;
}
