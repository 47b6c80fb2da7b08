// What npm run check says of rules/licensing.json's ZIP-prefix table beyond its schema: a range
// written backwards (it would match no ZIP, so the state gate would let those homes through) and a
// prefix given to two states (the first listed would win, silently). The table is read by
// rules/pricing.json to tell a home's state before the address is asked.
import type { Definitions, Problem } from "../definitions/definitions";

interface PrefixRange {
  from: string;
  to: string;
  state: string;
}

const FILE = "rules/licensing.json";

export function zipPrefixProblems(defs: Definitions): Problem[] {
  const ranges = (defs.params.licensing as { zipPrefixes?: PrefixRange[] } | undefined)?.zipPrefixes ?? [];
  const problems: Problem[] = [];
  const owner = new Map<number, { state: string; index: number }>();
  ranges.forEach((range, index) => {
    const pointer = `/params/zipPrefixes/${index}`;
    const [from, to] = [Number(range.from), Number(range.to)];
    if (from > to) {
      problems.push({
        file: FILE,
        pointer,
        message: `the range ${range.from}–${range.to} runs backwards: it matches no ZIP code (write the smaller prefix in "from")`,
      });
      return;
    }
    for (let prefix = from; prefix <= to; prefix++) {
      const earlier = owner.get(prefix);
      if (earlier && earlier.state !== range.state) {
        problems.push({
          file: FILE,
          pointer,
          message: `the prefix ${String(prefix).padStart(3, "0")} is ${range.state} here and ${earlier.state} at /params/zipPrefixes/${earlier.index}: a prefix belongs to one state (list a ZIP that crosses a state line in zipsAcrossStates)`,
        });
        return;
      }
      owner.set(prefix, { state: range.state, index });
    }
  });
  return problems;
}
