// The words the lender's facts are written with in texts (engine/lending/lender.ts): the licensing
// page's table headings and the sentence after a state's notice. Engine words like the others (translated in content/locales/<code>/engine.json),
// kept in a module of their own because the build's Vite config reads lender.ts before its aliases exist.
export const LENDER_WORDS = {
  "lender.licenses.state": "State",
  "lender.licenses.type": "License type",
  "lender.licenses.number": "License number",
  // After a state's notice, quoted in English as the state words it: {number} is the license's.
  "lender.licenses.noticeNumber": "License {number}.",
} as const;

export type LenderWordId = keyof typeof LENDER_WORDS;
