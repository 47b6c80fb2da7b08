// Answers a visitor gave before the funnel (the home page's property-use choice), kept in
// sessionStorage for this tab only. content/funnel-hints.json says which field each fills.
export function rememberHint(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // No storage (private mode): the funnel simply asks the question again.
  }
}

export function readHint(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
