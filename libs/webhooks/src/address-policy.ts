import { BlockList, isIP } from 'node:net';

/**
 * The addresses an attempt must never connect to (SSRF): the service's own host and networks, and cloud
 * metadata. IPv4: all but these special-purpose ranges. IPv6: only global unicast (2000::/3, less its
 * special blocks), and an address carrying an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) is
 * judged by that address too: each can end up at it.
 */
const BLOCKED_V4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", including the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  BLOCKED_V4.addSubnet(network, prefix, 'ipv4');
}

const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');
/** Inside 2000::/3 but never a public endpoint. */
const BLOCKED_V6 = new BlockList();
for (const [network, prefix] of [
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // SRv6 segment identifiers
] as const) {
  BLOCKED_V6.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address (one `isIP` accepted), its zone id ignored. */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0];
  let v4: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    v4 = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}0:0`;
  }
  const [head, tail] = text.split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groupsOf(head);
  const right = groupsOf(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  const bytes = [...left, ...zeros, ...right].flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 255];
  });
  if (dotted) bytes.splice(12, 4, ...v4);
  return bytes;
}

const dottedQuad = (bytes: number[]) => bytes.join('.');
const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** The IPv4 addresses an IPv6 address leads to, or null when it embeds none. */
function embeddedIpv4(bytes: number[]): string[] | null {
  const last4 = bytes.slice(12);
  // IPv4-mapped ::ffff:0:0/96, and IPv4-compatible ::/96 (which includes :: and ::1)
  if (startsWith(bytes, [...Array<number>(10).fill(0), 255, 255]) || startsWith(bytes, Array(12).fill(0)))
    return [dottedQuad(last4)];
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...Array<number>(8).fill(0)])) return [dottedQuad(last4)]; // NAT64
  if (startsWith(bytes, [0x20, 0x02])) return [dottedQuad(bytes.slice(2, 6))]; // 6to4
  // Teredo: the server's address, then the client's (stored inverted)
  if (startsWith(bytes, [0x20, 0x01, 0, 0]))
    return [dottedQuad(bytes.slice(4, 8)), dottedQuad(last4.map((b) => b ^ 255))];
  return null;
}

/** Whether a literal IP address is one an attempt may not reach (anything that is not an IP is blocked). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED_V4.check(address, 'ipv4');
  if (family !== 6) return true;
  const bytes = ipv6Bytes(address);
  const v4 = embeddedIpv4(bytes);
  if (v4?.some((a) => BLOCKED_V4.check(a, 'ipv4'))) return true;
  // A mapped, compatible or NAT64 address is its IPv4 address; the other forms must also be global.
  if (v4 && !startsWith(bytes, [0x20])) return false;
  const canonical = Array.from({ length: 8 }, (_, i) =>
    ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16),
  ).join(':');
  return !GLOBAL_UNICAST_V6.check(canonical, 'ipv6') || BLOCKED_V6.check(canonical, 'ipv6');
}
