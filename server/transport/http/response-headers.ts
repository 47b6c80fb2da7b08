// A response's headers as a plain record, which node-server hands to node as it is (a fetch
// Headers it first copies, sorted, into such a record). As much of Headers as our procedures use:
// Cache-Control, and cookies appended one by one.
export type ResponseHeaders = Pick<Headers, "set" | "append" | "get" | "has" | "delete">;

export class HeaderRecord implements ResponseHeaders {
  /** Lower-case names; Set-Cookie as a list, every other header one value. */
  readonly record: Record<string, string | string[]>;

  constructor(initial: Record<string, string> = {}) {
    this.record = { ...initial };
  }
  set(name: string, value: string) {
    this.record[name.toLowerCase()] = value;
  }
  append(name: string, value: string) {
    const key = name.toLowerCase();
    const had = this.record[key];
    if (key === "set-cookie")
      this.record[key] = [...(had === undefined ? [] : Array.isArray(had) ? had : [had]), value];
    else
      this.record[key] = had === undefined ? value : `${Array.isArray(had) ? had.join(", ") : had}, ${value}`;
  }
  get(name: string) {
    const value = this.record[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  }
  has(name: string) {
    return name.toLowerCase() in this.record;
  }
  delete(name: string) {
    delete this.record[name.toLowerCase()];
  }
  /** A fetch Headers of the same, for a Response that is not node-server's (app.request in a test). */
  toHeaders(): Headers {
    const headers = new Headers();
    for (const [name, value] of Object.entries(this.record))
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    return headers;
  }
}
