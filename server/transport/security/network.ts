// The network an IP address belongs to, for limits that many addresses of one network share: an
// IPv4 address's /24, an IPv6 address's /48 (what one customer of a provider usually holds). An
// IPv4 address written as IPv6 (::ffff:192.0.2.1) is read as IPv4.
import { isIPv4, isIPv6 } from "node:net";

/** "192.0.2.0/24", "2001:db8:1::/48"; the address itself when it is neither (tests name "unknown"). */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 3)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(":")}::/48`;
}
