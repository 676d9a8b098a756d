/**
 * Where a webhook may go (SSRF, docs/jobs-and-events.md "Webhooks"). In production an endpoint's host must resolve
 * only to public addresses: a URL that reaches the store's own machine, its private network or a cloud metadata
 * service (169.254.169.254) would let an admin account, or whoever holds one, probe the inside. The check runs when
 * an endpoint is added and again before every attempt, on the addresses DNS gives at that moment, and the attempt
 * connects to the address that was checked, so a name that re-resolves between check and connect (DNS rebinding)
 * gains nothing.
 */
import { promises as dns } from 'node:dns';
import net from 'node:net';

/** IPv4 ranges outside the public internet: loopback, private, link-local, multicast, reserved and the like. */
const NOT_PUBLIC_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 broadcast
];

/**
 * IPv6 ranges refused whole. Besides IPv6's own non-public ranges, the IPv6 forms that carry an IPv4 address and are
 * not what a real receiver resolves to: a packet to one of them can end at the IPv4 host inside (127.0.0.1 behind
 * `[::127.0.0.1]`), and no receiver on the internet needs them, so they are refused whatever IPv4 address they carry.
 */
const NOT_PUBLIC_IPV6: readonly (readonly [string, number])[] = [
  ['::', 96], // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291); holds :: (unspecified) and ::1 (loopback) too
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT, RFC 6145): used inside translators, never on the internet
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): where the IPv4 address sits is the operator's choice
  ['2001::', 32], // Teredo: tunnels to the IPv4 addresses inside (server, and client obfuscated)
  ['2002::', 16], // 6to4 (deprecated by RFC 7526): tunnels to the IPv4 address in bits 16-48
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
];

/**
 * Every address a webhook may not reach. Two IPv6 forms that carry an IPv4 address are in real use and are judged by
 * the IPv4 address they carry: IPv4-mapped (::ffff:a.b.c.d), which BlockList checks against the IPv4 rules by itself,
 * and well-known NAT64 (64:ff9b::a.b.c.d, RFC 6052), what DNS64 answers for an IPv4-only host on an IPv6-only network,
 * refused here per IPv4 range (64:ff9b::7f00:0/104 is 127.0.0.0/8). BlockList parses every textual form of an address
 * (compressed or not, dotted or hex), so no address is parsed here by hand.
 */
const NOT_PUBLIC = new net.BlockList();
for (const [prefix, bits] of NOT_PUBLIC_IPV4) {
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv4');
  NOT_PUBLIC.addSubnet(`64:ff9b::${prefix}`, 96 + bits, 'ipv6');
}
for (const [prefix, bits] of NOT_PUBLIC_IPV6) NOT_PUBLIC.addSubnet(prefix, bits, 'ipv6');

/**
 * Whether `address` (an IP address as text) is outside the public internet, IPv6 forms that carry an IPv4 address
 * included (see NOT_PUBLIC).
 */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return NOT_PUBLIC.check(address, 'ipv4');
  if (family === 6) return NOT_PUBLIC.check(address, 'ipv6');
  // Not an address at all: nothing to connect to, so nothing to allow.
  return true;
}

/** An address an attempt connects to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Why a URL's host cannot be used: it has no address, or one of its addresses is not public. */
export class TargetRefusedError extends Error {
  constructor(
    readonly reason: 'unresolvable' | 'not-public',
    message: string,
  ) {
    super(message);
    this.name = 'TargetRefusedError';
  }
}

/** The host of a URL as DNS and sockets take it (an IPv6 literal without its brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Resolves `url`'s host (`dns.promises.lookup`, all addresses) and returns the address to connect to. Unless
 * `allowNonPublic`, every address must be public: one internal address among public ones refuses the whole name,
 * since the connection could otherwise be steered to it.
 */
export async function resolveTarget(url: URL, allowNonPublic: boolean): Promise<ResolvedAddress> {
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await dns.lookup(host, { all: true });
  } catch (error) {
    throw new TargetRefusedError('unresolvable', `${host} could not be resolved (${(error as Error).message})`);
  }
  if (addresses.length === 0) throw new TargetRefusedError('unresolvable', `${host} has no address`);
  if (!allowNonPublic) {
    const internal = addresses.find((a) => isNonPublicAddress(a.address));
    if (internal) {
      throw new TargetRefusedError(
        'not-public',
        `${host} resolves to ${internal.address}, which is not a public address`,
      );
    }
  }
  const [first] = addresses;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
