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

/** Loopback, private, link-local, unique-local, multicast, unspecified and other non-public ranges. */
const NOT_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
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
] as const) {
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv6');
}

/** The IPv4 address inside a NAT64 address (64:ff9b::a.b.c.d), which reaches that IPv4 host. */
function nat64Target(address: string): string | null {
  const match = /^64:ff9b::(?:([0-9a-f]{1,4}):([0-9a-f]{1,4})|(\d+\.\d+\.\d+\.\d+))$/i.exec(address);
  if (!match) return null;
  if (match[3]) return match[3];
  const high = parseInt(match[1], 16);
  const low = parseInt(match[2], 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * Whether `address` (an IP address as text) is outside the public internet. IPv4-mapped IPv6 addresses
 * (::ffff:127.0.0.1) are checked as the IPv4 address they are (BlockList does that), NAT64 ones likewise.
 */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return NOT_PUBLIC.check(address, 'ipv4');
  if (family === 6) {
    const embedded = nat64Target(address);
    if (embedded) return NOT_PUBLIC.check(embedded, 'ipv4');
    return NOT_PUBLIC.check(address, 'ipv6');
  }
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
