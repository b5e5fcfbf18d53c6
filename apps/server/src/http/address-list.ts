// Lists of network addresses an operator writes in the environment (TRUST_PROXY, LOGIN_TRUSTED_CIDRS):
// addresses, CIDR ranges (IPv4 and IPv6) and the words `loopback` and `private`. Matching is node's BlockList,
// so an IPv4-mapped IPv6 address (::ffff:127.0.0.1, what a dual-stack socket reports) matches its IPv4 range.
import { BlockList, isIP } from "node:net";

/** A parsed list: `matches` answers for one address; `entries` keeps what was written, for messages and logs. */
export interface AddressList {
  readonly entries: readonly string[];
  matches(address: string): boolean;
}

/** Why one entry of a list cannot be read (config.ts names the variable around it). */
export class AddressListError extends Error {}

/** RFC 1918, RFC 6598-free private IPv4, and IPv6 unique-local (fc00::/7) and link-local (fe80::/10) ranges. */
const PRIVATE: readonly (readonly [string, number, "ipv4" | "ipv6"])[] = [
  ["10.0.0.0", 8, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
];

const LOOPBACK: readonly (readonly [string, number, "ipv4" | "ipv6"])[] = [
  ["127.0.0.0", 8, "ipv4"],
  ["::1", 128, "ipv6"],
];

/** The family node's BlockList wants for `address`, or undefined when it is no IP address. */
export function ipFamily(address: string): "ipv4" | "ipv6" | undefined {
  const kind = isIP(address);
  return kind === 4 ? "ipv4" : kind === 6 ? "ipv6" : undefined;
}

/** An IPv4-mapped IPv6 address as its IPv4 address; anything else as it is, zone index (%eth0) dropped. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  return address.split("%")[0] ?? address;
}

/** Reads a comma list; throws AddressListError naming the first entry that is neither an address, a range nor a word. */
export function parseAddressList(raw: string): AddressList {
  const list = new BlockList();
  const entries = raw.split(",").map((e) => e.trim()).filter((e) => e.length > 0);
  for (const entry of entries) addEntry(list, entry);
  return {
    entries,
    matches(address: string): boolean {
      const plain = plainAddress(address);
      const family = ipFamily(plain);
      return family !== undefined && list.check(plain, family);
    },
  };
}

/** A list matching nothing (the default of both variables). */
export const NOBODY: AddressList = { entries: [], matches: () => false };

function addEntry(list: BlockList, entry: string): void {
  const word = entry.toLowerCase();
  if (word === "loopback" || word === "private") {
    for (const [net, prefix, family] of word === "loopback" ? LOOPBACK : PRIVATE) list.addSubnet(net, prefix, family);
    return;
  }
  const [address = "", prefixText, ...rest] = entry.split("/");
  const plain = plainAddress(address);
  const family = ipFamily(plain);
  if (family === undefined || rest.length > 0) {
    throw new AddressListError(`'${entry}' is not an IP address, a CIDR range (10.0.0.0/8, fd00::/8) or one of the words loopback, private`);
  }
  if (prefixText === undefined) {
    list.addAddress(plain, family);
    return;
  }
  const prefix = Number(prefixText);
  const max = family === "ipv4" ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefixText) || prefix > max) throw new AddressListError(`'${entry}' has a prefix length outside 0–${max}`);
  list.addSubnet(plain, prefix, family);
}
