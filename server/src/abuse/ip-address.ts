/**
 * IP addresses and ranges in the one form block rules store and compare them in. Node decides what is an address
 * (`net.isIP`) and writes its canonical text (`net.SocketAddress`: lower-case, zeros compressed), and matching is
 * `net.BlockList`'s; the only arithmetic here is clearing the bits after a range's prefix, on that canonical text.
 */
import net from 'node:net';

export type IpFamily = 'ipv4' | 'ipv6';

export interface CanonicalIp {
  family: IpFamily;
  address: string;
}

export interface CanonicalRange extends CanonicalIp {
  prefix: number;
}

/** The IPv4-mapped IPv6 range, ::ffff:0:0/96: such an address is an IPv4 client seen through a dual-stack socket. */
const IPV4_MAPPED = new net.BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** Node's canonical text of one address, or null when `text` is not exactly one (a zone index such as `%eth0` is refused). */
function parseIp(text: string): CanonicalIp | null {
  if (text.includes('%')) return null;
  const version = net.isIP(text);
  if (version === 0) return null;
  const family: IpFamily = version === 4 ? 'ipv4' : 'ipv6';
  return { family, address: new net.SocketAddress({ address: text, family }).address };
}

function isIpv4Mapped(ip: CanonicalIp): boolean {
  return ip.family === 'ipv6' && IPV4_MAPPED.check(ip.address, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address. */
function unmapped(ip: CanonicalIp): CanonicalIp {
  return { family: 'ipv4', address: bytesToText(bytesOf(ip).slice(12), 'ipv4') };
}

/**
 * The canonical form of one address, or null when `text` is not exactly one (surrounding text, a zone index such as
 * `%eth0`, IPv4 with leading zeros, which some parsers read as octal). An IPv4-mapped IPv6 address is its IPv4
 * address, so that it and the IPv4 form are one rule.
 */
export function canonicalIp(text: string): CanonicalIp | null {
  const ip = parseIp(text);
  return ip && isIpv4Mapped(ip) ? unmapped(ip) : ip;
}

/**
 * A range `address/prefix` in canonical form, cut to its network (203.0.113.9/24 is 203.0.113.0/24); an IPv4-mapped
 * range of /96 or longer is the IPv4 range inside (::ffff:203.0.113.0/120 is 203.0.113.0/24). Null when the text is
 * not an address, a slash and a decimal prefix; a prefix beyond the family's bits is returned as is for the caller
 * to refuse.
 */
export function canonicalRange(text: string): CanonicalRange | null {
  const slash = text.lastIndexOf('/');
  if (slash < 0) return null;
  const prefixText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  let prefix = Number(prefixText);
  let ip = parseIp(text.slice(0, slash));
  if (!ip) return null;
  if (isIpv4Mapped(ip) && prefix >= 96) {
    ip = unmapped(ip);
    prefix -= 96;
  }
  if (prefix > (ip.family === 'ipv4' ? 32 : 128)) return { ...ip, prefix };
  const bytes = bytesOf(ip);
  for (let i = 0; i < bytes.length; i++) {
    const kept = Math.max(0, Math.min(8, prefix - 8 * i));
    bytes[i] &= (0xff << (8 - kept)) & 0xff;
  }
  return { family: ip.family, address: bytesToText(bytes, ip.family), prefix };
}

/**
 * Who a per-IP counter counts (sign-ups, sign-ins, orders with a proof, transaction IDs, the adaptive CAPTCHA): an IPv4
 * address, or the /64 network of an IPv6 one. One IPv6 subscriber holds a whole /64 (RFC 6177) and can rotate through
 * its addresses at will, so counting single IPv6 addresses counts nothing.
 */
export function ipCounterKey(ip: string): string {
  const canonical = canonicalIp(ip);
  if (!canonical) return ip;
  if (canonical.family === 'ipv4') return canonical.address;
  const network = canonicalRange(`${canonical.address}/64`);
  return network ? `${network.address}/64` : canonical.address;
}

/** The bytes of a canonical address (4 or 16). The IPv6 text is SocketAddress's: one `::` at most, maybe a dotted tail. */
function bytesOf({ family, address }: CanonicalIp): number[] {
  if (family === 'ipv4') return address.split('.').map(Number);
  let text = address;
  let dotted: number[] = [];
  if (text.includes('.')) {
    const last = text.lastIndexOf(':');
    dotted = text
      .slice(last + 1)
      .split('.')
      .map(Number);
    text = `${text.slice(0, last + 1)}0:0`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  const bytes = groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
  if (dotted.length === 4) bytes.splice(12, 4, ...dotted);
  return bytes;
}

function bytesToText(bytes: number[], family: IpFamily): string {
  if (family === 'ipv4') return bytes.join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return new net.SocketAddress({ address: groups.join(':'), family }).address;
}
