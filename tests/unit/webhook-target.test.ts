/** Which addresses a production webhook may reach (server/src/webhooks/webhook-target.ts, SSRF). */
import { isNonPublicAddress, resolveTarget, TargetRefusedError } from '../../server/src/webhooks/webhook-target';

describe('isNonPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a00:1', 'IPv4-mapped private (hex)'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b:0:0:0:0:a9fe:a9fe', 'NAT64 of the metadata address, uncompressed'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback (hex)'],
    ['::8.8.8.8', 'IPv4-compatible, even of a public address'],
    ['::ffff:0:7f00:1', 'IPv4-translated (SIIT)'],
    ['64:ff9b:1::7f00:1', 'local-use NAT64'],
    ['64:ff9b:1:ffff::808:808', 'local-use NAT64, even of a public address'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:a9fe:a9fe::', '6to4 of the metadata address'],
    ['2002:808:808::1', '6to4, even of a public address'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo (client 127.0.0.1)'],
    ['2001::1', 'Teredo'],
    ['fe80::1%eth0', 'link-local with a zone id'],
    ['not-an-address', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
    '::ffff:93.184.215.14',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200e',
    '2001:db9::1',
    '2003::1',
  ])('allows %s', (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });
});

describe('resolveTarget in production (no internal addresses)', () => {
  // The review's inputs, as an admin would type them in an endpoint's URL: each reaches 127.0.0.1.
  it.each(['http://[::127.0.0.1]/hook', 'http://[64:ff9b:1::7f00:1]/hook', 'http://[2002:7f00:1::1]/hook'])(
    'refuses %s',
    async (url) => {
      const refused = await resolveTarget(new URL(url), false).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TargetRefusedError);
      expect(refused).toMatchObject({ reason: 'not-public' });
    },
  );

  it.each([
    ['http://[2606:4700:4700::1111]/hook', '2606:4700:4700::1111'],
    ['http://[64:ff9b::808:808]/hook', '64:ff9b::808:808'],
    ['http://8.8.8.8/hook', '8.8.8.8'],
  ])('connects %s to %s', async (url, address) => {
    expect(await resolveTarget(new URL(url), false)).toMatchObject({ address });
  });
});
