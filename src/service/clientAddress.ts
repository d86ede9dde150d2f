/**
 * The address a per-client limit counts under: IPv4 as is (an IPv4-mapped IPv6 address as its
 * IPv4 form), IPv6 by its /64 prefix, since one host commonly holds a whole /64 and would
 * otherwise get a fresh budget with every address it picks.
 */
import { isIPv6 } from "node:net";

/** The limit key of a socket's remote address; `""` when there is none (no socket). */
export function clientAddressKey(address: string | undefined): string {
  if (!address) return "";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const plain = address.split("%", 1)[0]!.toLowerCase();
  const [head = "", tail] = plain.split("::", 2);
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  // A trailing dotted IPv4 part (`64:ff9b::1.2.3.4`) stands for two groups.
  const dotted = (right.at(-1) ?? left.at(-1) ?? "").includes(".") ? 1 : 0;
  const missing = Math.max(0, 8 - left.length - right.length - dotted);
  const fill = tail === undefined ? [] : Array<string>(missing).fill("0");
  return [...left, ...fill, ...right].map((group) =>
    /^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16).toString(16) : group,
  );
}
