/**
 * BTC_XPUB (server/src/payments/methods/btc/xpub.ts): the addresses derived from the seller's account key are checked
 * against BIP-84's test vectors (bitcoin/bips, bip-0084.mediawiki "Test vectors": the mnemonic "abandon abandon …
 * about", account 0), and each kind of bad value stops the start with a message naming BTC_XPUB. The other kinds of key
 * are the same account re-encoded with another version (what a wallet exporting it as xpub or vpub writes), or the
 * published keys of the same mnemonic (SLIP-132's ypub, BIP-84's root zpub and account zprv).
 */
import { sha256 } from '@noble/hashes/sha2';
import { createBase58check } from '@scure/base';
import { loadConfig } from '../../server/src/config';
import { decodeBtcAddress } from '../../server/src/payments/methods/btc/address';
import { btcXpubProblem, parseBtcXpub } from '../../server/src/payments/methods/btc/xpub';

const base58check = createBase58check(sha256);

/** BIP-84's account 0 (m/84'/0'/0') and its first receive, second receive and first change addresses. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const FIRST_RECEIVE = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const SECOND_RECEIVE = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
const FIRST_CHANGE = 'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el';
/** BIP-84's root (m, depth 0) public key and the account's private key, of the same mnemonic. */
const ROOT_ZPUB =
  'zpub6jftahH18ngZxLmXaKw3GSZzZsszmt9WqedkyZdezFtWRFBZqsQH5hyUmb4pCEeZGmVfQuP5bedXTB8is6fTv19U1GQRyQUKQGUTzyHACMF';
const ACCOUNT_ZPRV =
  'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE';
/** SLIP-132: the BIP-49 (nested segwit) account of the same mnemonic. */
const YPUB =
  'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';

/** The BIP-84 account re-encoded: another version, depth or child number, or another key, with a valid checksum. */
function reencoded(change: { version?: number; depth?: number; childIndex?: number; key?: Uint8Array }): string {
  const payload = Uint8Array.from(base58check.decode(ZPUB));
  const view = new DataView(payload.buffer);
  if (change.version !== undefined) view.setUint32(0, change.version);
  if (change.depth !== undefined) payload[4] = change.depth;
  if (change.childIndex !== undefined) view.setUint32(9, change.childIndex);
  if (change.key) payload.set(change.key, 45);
  return base58check.encode(payload);
}

const PRODUCTION = { production: true };
const DEVELOPMENT = { production: false };

describe('BTC_XPUB: BIP-84 test vectors', () => {
  it('derives the receive addresses 0/0 and 0/1, and the change address 1/0, of account 0', () => {
    const account = parseBtcXpub(ZPUB, PRODUCTION);
    expect(account.network).toBe('mainnet');
    expect(account.address(0)).toBe(FIRST_RECEIVE);
    expect(account.address(1)).toBe(SECOND_RECEIVE);
    expect(account.changeAddress(0)).toBe(FIRST_CHANGE);
  });

  it('takes the same account written as an xpub (version 0488b21e) and derives the same native segwit addresses', () => {
    const xpub = reencoded({ version: 0x0488b21e });
    expect(xpub.startsWith('xpub')).toBe(true);
    const account = parseBtcXpub(xpub, PRODUCTION);
    expect([account.address(0), account.address(1)]).toEqual([FIRST_RECEIVE, SECOND_RECEIVE]);
    // The same key: the same count of addresses.
    expect(account.account).toBe(parseBtcXpub(ZPUB, PRODUCTION).account);
  });

  it('derives testnet addresses (tb1…) from a vpub outside production: the same programs as on mainnet', () => {
    const vpub = reencoded({ version: 0x045f1cf6 });
    expect(vpub.startsWith('vpub')).toBe(true);
    const account = parseBtcXpub(vpub, DEVELOPMENT);
    expect(account.network).toBe('testnet');
    const testnet = decodeBtcAddress(account.address(0));
    expect(testnet.network).toBe('testnet');
    expect(Buffer.from(testnet.program).toString('hex')).toBe(
      Buffer.from(decodeBtcAddress(FIRST_RECEIVE).program).toString('hex'),
    );
  });

  it('gives distinct addresses for a run of indexes', () => {
    const account = parseBtcXpub(ZPUB, PRODUCTION);
    const addresses = Array.from({ length: 50 }, (_, i) => account.address(i));
    expect(new Set(addresses).size).toBe(50);
    expect(() => account.address(-1)).toThrow();
    expect(() => account.address(2 ** 31)).toThrow();
  });
});

describe('BTC_XPUB: each bad kind is refused', () => {
  const cases: [string, string, RegExp][] = [
    ['a mistyped character', ZPUB.slice(0, -1) + 'z', /fails its Base58Check checksum/],
    ['an address instead of a key', FIRST_RECEIVE, /fails its Base58Check checksum/],
    ['a private key', ACCOUNT_ZPRV, /is a private key: the store must never hold one/],
    ['a BIP-49 ypub', YPUB, /is a ypub, for another kind of address/],
    ['a multisig Zpub', reencoded({ version: 0x02aa7ed3 }), /is a Zpub, for another kind of address/],
    ['unknown version bytes', reencoded({ version: 0x01020304 }), /unknown version bytes/],
    ['the root key (depth 0)', ROOT_ZPUB, /is a key at depth 0; give the account key/],
    ['the receive chain (depth 4)', reencoded({ depth: 4, childIndex: 0 }), /is a key at depth 4 \(not hardened\)/],
    ['a depth-3 key not hardened', reencoded({ childIndex: 5 }), /is a key at depth 3 \(not hardened\)/],
    [
      'a key that is no curve point',
      reencoded({ key: new Uint8Array([0x02, ...new Uint8Array(32).fill(0xff)]) }),
      /is not a valid extended public key/,
    ],
    ['too short', base58check.encode(new Uint8Array(40)), /is not an extended public key \(40 bytes, not 78\)/],
  ];

  it.each(cases)('%s', (_what, value, problem) => {
    expect(btcXpubProblem(value, DEVELOPMENT)).toMatch(problem);
  });

  it('a testnet key (vpub, tpub) in production', () => {
    for (const version of [0x045f1cf6, 0x043587cf]) {
      expect(btcXpubProblem(reencoded({ version }), PRODUCTION)).toMatch(
        /is a testnet key \((vpub|tpub)\); production takes mainnet keys only/,
      );
      expect(btcXpubProblem(reencoded({ version }), DEVELOPMENT)).toBeNull();
    }
  });

  it('stops the start with a message naming BTC_XPUB and only its first four characters', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', BTC_XPUB: ROOT_ZPUB })).toThrow(
      `Invalid environment:\n  BTC_XPUB: zpub… is a key at depth 0`,
    );
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'test', BTC_XPUB: ACCOUNT_ZPRV });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment:\n {2}BTC_XPUB: zprv… is a private key/);
    expect(message).not.toContain(ACCOUNT_ZPRV.slice(4, 20));
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      KEYS_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    };
    expect(() => loadConfig({ ...production, BTC_XPUB: reencoded({ version: 0x045f1cf6 }) })).toThrow(
      /BTC_XPUB: vpub… is a testnet key \(vpub\); production takes mainnet keys only/,
    );
  });

  // Secrets pasted where the account key belongs, none of them an xprv: no pattern tells them apart, so nothing of the
  // value but its first four characters is ever printed (review 28, item 6).
  it.each([
    ['a WIF private key', 'KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn', 'KwDi…'],
    [
      'a seed phrase',
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      'aban…',
    ],
    ['an xprv after a space', ` ${ACCOUNT_ZPRV}`, 'zprv…'],
  ])('%s is not repeated in the start error', (_what, value, shown) => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'test', BTC_XPUB: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Invalid environment:\\n {2}BTC_XPUB: ${shown} \\S`));
    const secret = value.trim();
    for (let at = 4; at + 8 <= secret.length; at += 4) expect(message).not.toContain(secret.slice(at, at + 8));
  });

  it("warns at start when PAY_ADDRESS_BTC is one of the key's first receive addresses (never handed out then)", () => {
    const warned = (address: string) =>
      loadConfig({ NODE_ENV: 'test', BTC_XPUB: ZPUB, PAY_ADDRESS_BTC: address }).settingWarnings;
    expect(warned(FIRST_RECEIVE)).toEqual([
      `PAY_ADDRESS_BTC: ${FIRST_RECEIVE} is receive address 0 of BTC_XPUB (…/0/0): no order is given it as its own; payments to it are matched by amount to the orders placed with the single address`,
    ]);
    expect(warned(SECOND_RECEIVE.toUpperCase())).toEqual([expect.stringMatching(/ is receive address 1 of BTC_XPUB /)]);
    // The wallet's change address is no receive address: nothing to say.
    expect(warned(FIRST_CHANGE)).toEqual([]);
  });

  it('starts with a good key: BTC is available with no PAY_ADDRESS_BTC, each order getting its own address', () => {
    const config = loadConfig({ NODE_ENV: 'test', BTC_XPUB: ZPUB });
    expect(config.paymentMethods.BTC.address).toBeUndefined();
    expect(config.paymentMethods.BTC.derivation?.address(1)).toBe(SECOND_RECEIVE);
  });
});
