// Which addresses a webhook may reach. Checked on the resolved address the request then connects to (never on
// the name alone), so a name that resolves to a private address, or changes between check and use, gets nowhere.
import { BlockList, isIP } from "node:net";

/** Why an address is not public. */
export type AddressKind = "loopback" | "private" | "link-local" | "reserved";

const lists: readonly (readonly [AddressKind, BlockList])[] = (() => {
  const make = (v4: readonly string[], v6: readonly string[]): BlockList => {
    const list = new BlockList();
    for (const cidr of v4) list.addSubnet(cidr.split("/")[0]!, Number(cidr.split("/")[1]), "ipv4");
    for (const cidr of v6) list.addSubnet(cidr.split("/")[0]!, Number(cidr.split("/")[1]), "ipv6");
    return list;
  };
  return [
    ["loopback", make(["127.0.0.0/8"], ["::1/128"])],
    ["private", make(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10"], ["fc00::/7", "fec0::/10"])],
    ["link-local", make(["169.254.0.0/16"], ["fe80::/10"])],
    [
      "reserved",
      make(
        // This network, IETF protocol assignments, documentation, benchmarking, multicast, reserved and broadcast.
        ["0.0.0.0/8", "192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4"],
        ["::/128", "100::/64", "2001:db8::/32", "ff00::/8"],
      ),
    ],
  ] as const;
})();

// IPv6 forms that carry an IPv4 address: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted !== null) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex !== null) return hexPairToIpv4(hex[1]!, hex[2]!);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  if (sixToFour !== null) return hexPairToIpv4(sixToFour[1]!, sixToFour[2]!);
  return undefined;
}

function hexPairToIpv4(high: string, low: string): string {
  const h = parseInt(high, 16);
  const l = parseInt(low, 16);
  return `${h >> 8}.${h & 255}.${l >> 8}.${l & 255}`;
}

/** Why `address` (an IP literal) is not a public address, or undefined when it is public. */
export function nonPublicKind(address: string): AddressKind | undefined {
  const family = isIP(address);
  if (family === 0) return "reserved";
  const type = family === 4 ? "ipv4" : "ipv6";
  for (const [kind, list] of lists) if (list.check(address, type)) return kind;
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner !== undefined) return nonPublicKind(inner);
  }
  return undefined;
}
