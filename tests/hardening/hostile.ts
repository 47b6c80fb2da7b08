// The hostile inputs the fuzz test sends: values of the wrong type, huge, deeply nested, with
// prototype keys, SQL and path tricks, broken Unicode; and raw bodies JSON cannot express
// (invalid UTF-8, truncated or absurdly nested JSON, oversized payloads, the wrong content type).
// Deterministic: the same list on every run, so a failure can be replayed.

/** JSON text nested `depth` levels deep, built as text (JSON.stringify would recurse). */
export const deepJsonText = (depth: number, open = "[", close = "]") =>
  open.repeat(depth) + close.repeat(depth);
const deepObjectText = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** Values with prototype keys must be parsed from text: an object literal would set the prototype instead. */
const parsed = (text: string): unknown => JSON.parse(text);

export const hostileValues: [label: string, value: unknown][] = [
  ["null", null],
  ["true", true],
  ["zero", 0],
  ["negative number", -1],
  ["huge number", 1e308],
  ["fraction", 0.5],
  ["integer beyond 2^53", 2 ** 53 + 2],
  ["empty string", ""],
  ["blank string", "   \t\n"],
  ["1 MB string", "A".repeat(1_000_000)],
  ["100,000 emoji", "\u{1F600}".repeat(100_000)],
  ["empty array", []],
  ["array of 10,000 items", Array.from({ length: 10_000 }, (_, i) => i)],
  ["empty object", {}],
  ["object with 10,000 keys", Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]))],
  ["array 2,000 deep", parsed(deepJsonText(2_000))],
  ["object 2,000 deep", parsed(deepObjectText(2_000))],
  ["__proto__ key", parsed('{"__proto__":{"polluted":true,"isAdmin":true}}')],
  ["constructor.prototype keys", parsed('{"constructor":{"prototype":{"polluted":true}}}')],
  [
    "__proto__ inside answers",
    parsed(
      '{"user":{"__proto__":{"polluted":true},"firstName":"A"},"setup":{"constructor":{"prototype":{"polluted":true}}}}',
    ),
  ],
  ["Object method names as keys", { toString: "x", valueOf: 1, hasOwnProperty: "y", then: "z" }],
  ["SQL: always true", "' OR '1'='1"],
  ["SQL: drop table", "'); DROP TABLE users; --"],
  ["SQL: union", "1 UNION SELECT password_hash FROM portal_users --"],
  ["SQL: comment", "admin'--"],
  ["SQL in an object", { id: "' OR 1=1 --", stepId: "x' OR 'a'='a" }],
  ["lone surrogate", "\ud800"],
  ["NUL byte", "a\u0000b"],
  ["terminal escape", "\u001b[31mred\u001b[0m"],
  ["right-to-left override", "\u202Egnp.exe"],
  ["path traversal", "../../../../etc/passwd"],
  ["encoded path traversal", "..%2f..%2f..%2fetc%2fpasswd"],
  ["javascript: URL", "javascript:alert(1)"],
  ["protocol-relative URL", "//evil.example/phish"],
  ["HTML", "<script>alert(1)</script>"],
  ["format string", "%s%s%s%n"],
  ["template string", "${process.exit(1)}"],
  ["impossible date", "2026-02-30"],
  ["400-digit number as text", "9".repeat(400)],
  ["array-like object", { 0: "a", 1: "b", length: 2 }],
  ["email with header injection", "a@example.com\r\nBcc: all@example.com"],
  ["valid-looking UUID nobody owns", "00000000-0000-4000-8000-000000000000"],
];

export interface RawBody {
  label: string;
  body: Uint8Array | string;
  contentType: string;
}

const bytes = (...values: number[]) => new Uint8Array(values);

/** Bodies that are not a JSON value at all. Sent to every POST endpoint. */
export const rawBodies: RawBody[] = [
  {
    label: "invalid UTF-8",
    body: bytes(0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d),
    contentType: "application/json",
  },
  { label: "overlong UTF-8 slash", body: bytes(0x22, 0xc0, 0xaf, 0x22), contentType: "application/json" },
  { label: "truncated JSON", body: '{"stepId": "name", "answers": {', contentType: "application/json" },
  { label: "JSON with a trailing comma", body: '{"stepId": "name",}', contentType: "application/json" },
  { label: "array 200,000 deep", body: deepJsonText(200_000), contentType: "application/json" },
  { label: "object 100,000 deep", body: deepObjectText(100_000), contentType: "application/json" },
  { label: "empty body", body: "", contentType: "application/json" },
  {
    label: "form body where JSON is due",
    body: "stepId=name&answers=1",
    contentType: "application/x-www-form-urlencoded",
  },
  {
    label: "multipart with no boundary",
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    contentType: "multipart/form-data",
  },
  {
    label: "multipart never closed",
    body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
    contentType: "multipart/form-data; boundary=b",
  },
  {
    label: "XML",
    body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    contentType: "application/xml",
  },
  {
    label: "8 MB of JSON",
    body: JSON.stringify({ stepId: "name", answers: { user: { firstName: "A".repeat(8 * 1024 * 1024) } } }),
    contentType: "application/json",
  },
];

/** Far over any limit: sent once to each family of endpoints. */
export const oversizedBody = (): RawBody => ({
  label: "24 MB body",
  body: new Uint8Array(24 * 1024 * 1024).fill(0x41),
  contentType: "application/octet-stream",
});
