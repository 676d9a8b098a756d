/**
 * What `mySessions` shows of where a session signed in: a short plain reading of the user agent ("Firefox on
 * Windows") and the network rather than the address (IPv4 /24, IPv6 /48), enough to recognise one's own devices
 * without the list becoming a record of where someone was.
 */
import { canonicalIp, canonicalRange } from '../abuse/ip-address';

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Firefox on Windows", "Safari on iOS", "Unknown device" (first match wins: Edge and Opera also say Chrome). */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent?.trim()) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** "203.0.113.0/24" or "2001:db8:1::/48"; null when no address was recorded. */
export function approximateIp(ip: string | null): string | null {
  const canonical = ip ? canonicalIp(ip) : null;
  if (!canonical) return null;
  const prefix = canonical.family === 'ipv4' ? 24 : 48;
  const range = canonicalRange(`${canonical.address}/${prefix}`);
  return range ? `${range.address}/${prefix}` : null;
}
