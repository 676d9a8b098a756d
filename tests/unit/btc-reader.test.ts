/**
 * The BTC reader (server/src/payments/chains/btc-reader.ts) over Esplora's REST API: parsing recorded, real-shaped
 * responses (tests/fixtures/chain-responses/esplora-*.json, served by a tiny local HTTP server), refusing malformed
 * ones, and reading payments from the Esplora fixture (tests/support/chain-fixtures/esplora-fixture.ts): mempool and
 * confirmed, to our address and not to others, paging an address's history within the reader's bound.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BtcReader } from '../../server/src/payments/chains/btc-reader';
import { ChainReadError, type ChainTransaction } from '../../server/src/payments/chains/chain-reader';
import { startEsploraFixture, type EsploraFixture } from '../support/chain-fixtures/esplora-fixture';

/** Our receiving address (P2WPKH) in the recorded responses. */
const OURS = 'bc1qwcyrnfysf83xxvqrnjedzr76f3s0l6p0xd8z6k';
const OURS_SCRIPT = '0014760839a49049e26330039cb2d10fda4c60ffe82f';
/** Other addresses in the recorded responses: a legacy P2PKH, a taproot change, a P2SH. */
const LEGACY = '15mLpmcnBzRRPgx35ujFFF59VpA77aiGnA';
const TAPROOT_CHANGE = 'bc1p2j9q9z36g9ryrym3xz7fmw4rsmxe8krc77pmdm3fvg597n3n04xqfz62tm';
const P2SH = '3H4m6Ry1wwUmRc4Ejat8u9CaANQJ3UThM6';
const UNCONFIRMED_CHANGE = 'bc1qmkzlak9qatuetj0kyall98548cf43ms0n6qv3y';
/** Addresses only the fixture tests pay. */
const OTHER_SEGWIT = 'bc1qhnhsyzvf46w4mukvt4xapes5mqylfhp2yjutqm';
const OTHER_LEGACY = '1Et7Ud5hkX5F3hM9XPf6gPNKKr69m1HSSf';

const CONFIRMED_TX = 'b3acd118f7b925cefed356645799d6e6ad09a4e4692b136025e8dfd8fd2539d9';
const UNCONFIRMED_TX = '191284a348a8cb72f9eb108db86ba17b905acfb5f65b4a192b2fc75acbda287c';
/** The recorded address page of OURS: two mempool transactions, then three confirmed ones (newest first). */
const MEMPOOL_PAYMENT = '9b8b62c313f095d887f20f9026f6538862e7e2cb536b58568f267673426e6781';
const MEMPOOL_SPEND = 'c201303fc91c0c22f8659697a0a637c685c6d10555736f1d9818b52f30680da1';
const PAYMENT_850010 = '536fb92cb97db8e80c244d134aa6a931c5a4e6a8ff84c336d601a0634ef38f35';
const PAYMENT_850004 = '5329746077ebfa2b969073890acaf3e61e6f0295c2cb0f39af8c7aa657019b27';

function recorded(name: string): string {
  return fs.readFileSync(path.join(__dirname, '../fixtures/chain-responses', name), 'utf8');
}

interface Route {
  status: number;
  body: string;
}

/** A tiny HTTP server answering fixed bodies by path (404 `Transaction not found` otherwise); it logs each path. */
class RecordedApi {
  readonly routes = new Map<string, Route>();
  readonly paths: string[] = [];
  url = '';
  private readonly server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://recorded').pathname;
    this.paths.push(pathname);
    const route = this.routes.get(pathname) ?? { status: 404, body: 'Transaction not found' };
    res.writeHead(route.status, { 'content-type': 'text/plain' }).end(route.body);
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const api = new RecordedApi();
let reader: BtcReader;

beforeAll(async () => {
  await api.start();
  // A trailing slash, as an operator may well configure it.
  reader = new BtcReader({ apiUrl: `${api.url}/` });
});

afterAll(() => api.close());

beforeEach(() => {
  api.routes.clear();
  api.paths.length = 0;
  api.routes.set('/api/blocks/tip/height', { status: 200, body: '850123' });
  api.routes.set(`/api/tx/${CONFIRMED_TX}`, { status: 200, body: recorded('esplora-tx.json') });
  api.routes.set(`/api/tx/${UNCONFIRMED_TX}`, { status: 200, body: recorded('esplora-tx-unconfirmed.json') });
  api.routes.set(`/api/address/${OURS}/txs`, { status: 200, body: recorded('esplora-address-txs.json') });
});

describe('BtcReader on recorded Esplora responses', () => {
  it('is the BTC reader, in satoshis', () => {
    expect(reader.network).toBe('btc');
    expect(reader.unitDecimals).toBe(8);
  });

  it('reads the tip height from plain text', async () => {
    await expect(reader.tipHeight()).resolves.toBe(850123);
    expect(api.paths).toEqual(['/api/blocks/tip/height']);
  });

  it('parses a confirmed transaction: every output with an address, OP_RETURN skipped, its block', async () => {
    const tx = await reader.transaction(CONFIRMED_TX);
    expect(tx).toEqual<ChainTransaction>({
      txId: CONFIRMED_TX,
      status: 'succeeded',
      blockNumber: 850000,
      blockTime: new Date('2024-06-10T06:13:20.000Z'),
      transfers: [
        { index: 0, to: LEGACY, units: 2500000n, token: null },
        { index: 2, to: OURS, units: 108800001n, token: null },
        { index: 3, to: TAPROOT_CHANGE, units: 3141592n, token: null },
      ],
    });
    expect(tx!.transfers.some((transfer) => transfer.index === 1)).toBe(false); // the OP_RETURN output
    expect(api.paths).toEqual([`/api/tx/${CONFIRMED_TX}`]);
  });

  it('accepts an upper-case transaction id, asks for and returns the lower-case one', async () => {
    const tx = await reader.transaction(CONFIRMED_TX.toUpperCase());
    expect(tx?.txId).toBe(CONFIRMED_TX);
    expect(tx?.transfers).toHaveLength(3);
    expect(api.paths).toEqual([`/api/tx/${CONFIRMED_TX}`]);
  });

  it('reads an unconfirmed transaction as pending, without a block', async () => {
    await expect(reader.transaction(UNCONFIRMED_TX)).resolves.toEqual<ChainTransaction>({
      txId: UNCONFIRMED_TX,
      status: 'pending',
      blockNumber: null,
      blockTime: null,
      transfers: [
        { index: 0, to: P2SH, units: 1000000n, token: null },
        { index: 1, to: OURS, units: 54321000n, token: null },
        { index: 2, to: UNCONFIRMED_CHANGE, units: 18735377n, token: null },
      ],
    });
  });

  it('gives null for a transaction the API does not know (404)', async () => {
    const unknown = 'ab'.repeat(32);
    await expect(reader.transaction(unknown)).resolves.toBeNull();
    expect(api.paths).toEqual([`/api/tx/${unknown}`]);
  });

  it('gives null for 400 "Invalid hex string"', async () => {
    const id = 'cd'.repeat(32);
    api.routes.set(`/api/tx/${id}`, { status: 400, body: 'Invalid hex string' });
    await expect(reader.transaction(id)).resolves.toBeNull();
  });

  it('forgives a leading 0x on a transaction id', async () => {
    expect((await reader.transaction(`0x${CONFIRMED_TX}`))?.txId).toBe(CONFIRMED_TX);
  });

  it.each([
    ['empty', ''],
    ['63 hex digits', 'a'.repeat(63)],
    ['65 hex digits', 'a'.repeat(65)],
    ['0y and 64 hex digits', `0y${CONFIRMED_TX}`],
    ['not hex', 'g'.repeat(64)],
    ['padded', ` ${CONFIRMED_TX}`],
  ])('gives null for an id that is not 64 hex digits (%s) without asking', async (_what, id) => {
    await expect(reader.transaction(id)).resolves.toBeNull();
    expect(api.paths).toEqual([]);
  });

  describe('malformed answers are ChainReadErrors', () => {
    const confirmed = () => JSON.parse(recorded('esplora-tx.json'));
    const serveTx = (body: unknown, status = 200) =>
      api.routes.set(`/api/tx/${CONFIRMED_TX}`, {
        status,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    it.each<[string, (tx: any) => unknown, RegExp]>([
      ['vout is not a list', (tx) => ({ ...tx, vout: 'nope' }), /malformed transaction .* at vout/],
      ['a fractional value', (tx) => ({ ...tx, vout: [{ ...tx.vout[0], value: 0.025 }] }), /at vout\.0\.value/],
      ['a negative value', (tx) => ({ ...tx, vout: [{ ...tx.vout[0], value: -1 }] }), /at vout\.0\.value/],
      ['a value in BTC, as a string', (tx) => ({ ...tx, vout: [{ ...tx.vout[0], value: '0.025' }] }), /vout\.0\.value/],
      ['more than 21 million BTC', (tx) => ({ ...tx, vout: [{ ...tx.vout[0], value: 2.1e15 + 1 }] }), /vout\.0\.value/],
      ['no status', ({ status: _status, ...tx }) => tx, /at status/],
      ['a confirmed status without a height', (tx) => ({ ...tx, status: { confirmed: true } }), /status/],
      ['a txid that is not hex', (tx) => ({ ...tx, txid: 'z'.repeat(64) }), /at txid/],
      ['another transaction', (tx) => ({ ...tx, txid: UNCONFIRMED_TX }), /asked for transaction .*, got 1912/],
      ['a list', (tx) => [tx], /malformed transaction/],
    ])('%s', async (_what, mangle, message) => {
      serveTx(mangle(confirmed()));
      const error = await reader.transaction(CONFIRMED_TX).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChainReadError);
      expect((error as ChainReadError).network).toBe('btc');
      expect((error as ChainReadError).message).toMatch(message);
    });

    it('something other than JSON', async () => {
      serveTx('<html>Bad gateway</html>');
      await expect(reader.transaction(CONFIRMED_TX)).rejects.toThrow(/btc: .* something other than JSON/);
    });

    it('a server error', async () => {
      serveTx('Too many requests', 429);
      await expect(reader.transaction(CONFIRMED_TX)).rejects.toThrow(ChainReadError);
      serveTx('Internal error', 500);
      await expect(reader.transaction(CONFIRMED_TX)).rejects.toThrow(/answered 500/);
    });

    it('a 400 other than "Invalid hex string"', async () => {
      serveTx('Invalid Bitcoin address', 400);
      await expect(reader.transaction(CONFIRMED_TX)).rejects.toThrow(/answered 400: Invalid Bitcoin address/);
    });

    it.each([
      ['not a number', 'Bad gateway', /something other than JSON/],
      ['negative', '-1', /malformed tip height/],
      ['fractional', '850123.5', /malformed tip height/],
      ['quoted', '"850123"', /malformed tip height/],
    ])('a tip height %s', async (_what, body, message) => {
      api.routes.set('/api/blocks/tip/height', { status: 200, body });
      const error = await reader.tipHeight().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChainReadError);
      expect((error as Error).message).toMatch(message);
    });

    it('a tip height of 404', async () => {
      api.routes.delete('/api/blocks/tip/height');
      await expect(reader.tipHeight()).rejects.toThrow(ChainReadError);
    });

    it('an address history that is not a list of transactions', async () => {
      api.routes.set(`/api/address/${OURS}/txs`, { status: 200, body: JSON.stringify({ txs: [] }) });
      await expect(reader.incoming(OURS, null)).rejects.toThrow(new RegExp(`malformed history of ${OURS}`));
      const [first] = JSON.parse(recorded('esplora-address-txs.json'));
      api.routes.set(`/api/address/${OURS}/txs`, {
        status: 200,
        body: JSON.stringify([{ ...first, status: { confirmed: 'yes' } }]),
      });
      await expect(reader.incoming(OURS, null)).rejects.toThrow(/at 0\.status/);
      api.routes.set(`/api/address/${OURS}/txs`, { status: 400, body: 'Invalid Bitcoin address' });
      await expect(reader.incoming(OURS, null)).rejects.toThrow(ChainReadError);
    });
  });

  describe('incoming', () => {
    const mempoolPayment: ChainTransaction = {
      txId: MEMPOOL_PAYMENT,
      status: 'pending',
      blockNumber: null,
      blockTime: null,
      transfers: [{ index: 1, to: OURS, units: 20000000n, token: null }],
    };
    const payment850010: ChainTransaction = {
      txId: PAYMENT_850010,
      status: 'succeeded',
      blockNumber: 850010,
      blockTime: new Date('2024-06-10T07:50:44.000Z'),
      transfers: [
        { index: 0, to: OURS, units: 1500000n, token: null },
        { index: 2, to: OURS, units: 2500000n, token: null },
      ],
    };
    const payment850004: ChainTransaction = {
      txId: PAYMENT_850004,
      status: 'succeeded',
      blockNumber: 850004,
      blockTime: new Date('2024-06-10T06:51:51.000Z'),
      transfers: [{ index: 1, to: OURS, units: 77700000n, token: null }],
    };
    const payment850000: ChainTransaction = {
      txId: CONFIRMED_TX,
      status: 'succeeded',
      blockNumber: 850000,
      blockTime: new Date('2024-06-10T06:13:20.000Z'),
      transfers: [{ index: 2, to: OURS, units: 108800001n, token: null }],
    };

    it('with no start: the first page, only the outputs to the address, not its spends; next is the newest block', async () => {
      await expect(reader.incoming(OURS, null)).resolves.toEqual({
        transactions: [mempoolPayment, payment850010, payment850004, payment850000],
        next: 850010,
      });
      expect(api.paths).toEqual([`/api/address/${OURS}/txs`]);
    });

    it('the spend from the address (its only output to it would be change) is not a payment', async () => {
      const page = await reader.incoming(OURS, null);
      expect(page.transactions.map((tx) => tx.txId)).not.toContain(MEMPOOL_SPEND);
    });

    it('from a height: the mempool and the confirmed ones at it and above; a short page is the last', async () => {
      await expect(reader.incoming(OURS, 850004)).resolves.toEqual({
        transactions: [mempoolPayment, payment850010, payment850004],
        next: 850010,
      });
      await expect(reader.incoming(OURS, 850011)).resolves.toEqual({ transactions: [mempoolPayment], next: 850011 });
      expect(api.paths).toEqual([`/api/address/${OURS}/txs`, `/api/address/${OURS}/txs`]);
    });

    it('matches a bech32 address in any case, and asks for it lower-case', async () => {
      const page = await reader.incoming(OURS.toUpperCase(), 850004);
      expect(page.transactions.map((tx) => tx.txId)).toEqual([MEMPOOL_PAYMENT, PAYMENT_850010, PAYMENT_850004]);
      expect(page.transactions[1].transfers.map((transfer) => transfer.to)).toEqual([OURS, OURS]);
      expect(api.paths).toEqual([`/api/address/${OURS}/txs`]);
    });

    it('matches a base58 address exactly: another case is another address', async () => {
      const swapped = [...LEGACY].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
      api.routes.set(`/api/address/${LEGACY}/txs`, { status: 200, body: recorded('esplora-address-txs.json') });
      api.routes.set(`/api/address/${swapped}/txs`, { status: 200, body: recorded('esplora-address-txs.json') });
      await expect(reader.incoming(LEGACY, null)).resolves.toEqual({
        transactions: [{ ...payment850000, transfers: [{ index: 0, to: LEGACY, units: 2500000n, token: null }] }],
        next: 850010,
      });
      await expect(reader.incoming(swapped, null)).resolves.toEqual({ transactions: [], next: 850010 });
    });
  });
});

describe('BtcReader on the Esplora fixture', () => {
  let chain: EsploraFixture;
  let btc: BtcReader;

  beforeEach(async () => {
    chain = await startEsploraFixture({ startHeight: 900000 });
    btc = new BtcReader({ apiUrl: chain.url });
  });

  afterEach(() => chain.close());

  it('follows the tip as blocks are mined, one request a read', async () => {
    expect(chain.height).toBe(900000);
    await expect(btc.tipHeight()).resolves.toBe(900000);
    chain.mine();
    chain.mine(3);
    expect(chain.height).toBe(900004);
    await expect(btc.tipHeight()).resolves.toBe(900004);
    expect(chain.requests).toBe(2);
  });

  it('serves a wallet-like transaction: the real output script, change, fee and amounts that add up', async () => {
    const txId = chain.send([{ address: OURS, sats: 123456n }]);
    expect(txId).toMatch(/^[0-9a-f]{64}$/);
    const raw = (await (await fetch(`${chain.url}/tx/${txId}`)).json()) as any;
    expect(raw.txid).toBe(txId);
    expect(raw.vout[0]).toEqual({
      scriptpubkey: OURS_SCRIPT,
      scriptpubkey_asm: `OP_0 OP_PUSHBYTES_20 ${OURS_SCRIPT.slice(4)}`,
      scriptpubkey_type: 'v0_p2wpkh',
      scriptpubkey_address: OURS,
      value: 123456,
    });
    expect(raw.vout).toHaveLength(2);
    const sender = raw.vin[0].prevout.scriptpubkey_address;
    expect(raw.vout[1].scriptpubkey_address).toBe(sender);
    expect(raw.fee).toBeGreaterThan(0);
    expect(raw.vin[0].prevout.value).toBe(123456 + raw.vout[1].value + raw.fee);
    expect(raw.status).toEqual({ confirmed: false });
    await expect(fetch(`${chain.url}/tx/${txId}/status`).then((r) => r.json())).resolves.toEqual({
      confirmed: false,
    });
    chain.mine();
    const status = (await fetch(`${chain.url}/tx/${txId}/status`).then((r) => r.json())) as any;
    expect(status).toMatchObject({
      confirmed: true,
      block_height: 900001,
      block_hash: expect.stringMatching(/^0{19}/),
    });
    expect((await fetch(`${chain.url}/tx/nope`)).status).toBe(400);
    expect((await fetch(`${chain.url}/tx/${'0'.repeat(64)}`)).status).toBe(404);
    expect(await (await fetch(`${chain.url}/blocks/tip/height`)).text()).toBe('900001');
  });

  it('reads a transaction pending, then succeeded in the block that mined it; unknown ids are null', async () => {
    const txId = chain.send([
      { address: OTHER_LEGACY, sats: 5000 },
      { address: OURS, sats: 250000 },
    ]);
    await expect(btc.transaction(txId)).resolves.toMatchObject({
      txId,
      status: 'pending',
      blockNumber: null,
      blockTime: null,
      transfers: [
        { index: 0, to: OTHER_LEGACY, units: 5000n, token: null },
        { index: 1, to: OURS, units: 250000n, token: null },
        { index: 2, to: expect.stringMatching(/^bc1q/), units: expect.any(BigInt), token: null }, // change
      ],
    });
    const before = Date.now();
    chain.mine(2);
    const mined = await btc.transaction(txId.toUpperCase());
    expect(mined).toMatchObject({ txId, status: 'succeeded', blockNumber: 900001 });
    expect(Math.abs(mined!.blockTime!.getTime() - before)).toBeLessThan(5000);
    await expect(btc.transaction('ef'.repeat(32))).resolves.toBeNull();
    const requests = chain.requests;
    await expect(btc.transaction('not a txid')).resolves.toBeNull();
    expect(chain.requests).toBe(requests);
  });

  it('keeps a chosen txId, in lower case', async () => {
    const txId = chain.send([{ address: OURS, sats: 1 }], { txId: 'AB'.repeat(32) });
    expect(txId).toBe('ab'.repeat(32));
    await expect(btc.transaction(txId)).resolves.toMatchObject({ txId, transfers: [{ index: 0, units: 1n }, {}] });
  });

  it('finds mempool and confirmed payments to our address, and not payments to others', async () => {
    const first = chain.send([{ address: OURS, sats: 150000 }]);
    const toOther = chain.send([{ address: OTHER_SEGWIT, sats: 99 }]);
    const shared = chain.send([
      { address: OTHER_LEGACY, sats: 5 },
      { address: OURS, sats: 250000n },
    ]);
    chain.mine();
    const pending = chain.send([{ address: OURS, sats: 42 }]);

    const page = await btc.incoming(OURS, 900000);
    expect(page.next).toBe(900001);
    expect(page.transactions).toEqual([
      {
        txId: pending,
        status: 'pending',
        blockNumber: null,
        blockTime: null,
        transfers: [{ index: 0, to: OURS, units: 42n, token: null }],
      },
      {
        txId: shared,
        status: 'succeeded',
        blockNumber: 900001,
        blockTime: expect.any(Date),
        transfers: [{ index: 1, to: OURS, units: 250000n, token: null }],
      },
      {
        txId: first,
        status: 'succeeded',
        blockNumber: 900001,
        blockTime: expect.any(Date),
        transfers: [{ index: 0, to: OURS, units: 150000n, token: null }],
      },
    ]);
    expect(page.transactions.map((tx) => tx.txId)).not.toContain(toOther);

    const others = await btc.incoming(OTHER_SEGWIT, 900000);
    expect(others.transactions).toEqual([
      expect.objectContaining({ txId: toOther, transfers: [{ index: 0, to: OTHER_SEGWIT, units: 99n, token: null }] }),
    ]);

    // Continuing from `next`: the payment seen in the mempool is reported again once mined, confirmed.
    chain.mine(2);
    const later = await btc.incoming(OURS, page.next);
    expect(later.next).toBe(900002);
    expect(later.transactions.map((tx) => [tx.txId, tx.status, tx.blockNumber])).toEqual([
      [pending, 'succeeded', 900002],
      [shared, 'succeeded', 900001],
      [first, 'succeeded', 900001],
    ]);
    await expect(btc.incoming(OURS, 900003)).resolves.toEqual({ transactions: [], next: 900003 });
  });

  it('with no start and nothing confirmed: the mempool, and next is the tip (one more request)', async () => {
    chain.mine(5);
    const pending = chain.send([{ address: OURS, sats: 7000 }]);
    const requests = chain.requests;
    const page = await btc.incoming(OURS, null);
    expect(page).toEqual({
      transactions: [expect.objectContaining({ txId: pending, status: 'pending' })],
      next: 900005,
    });
    expect(chain.requests).toBe(requests + 2);
    // From a height with nothing confirmed: next stays there, and the tip is not asked.
    await expect(btc.incoming(OURS, 900004)).resolves.toMatchObject({ next: 900004 });
    expect(chain.requests).toBe(requests + 3);
  });

  describe('paging an address history, 25 confirmed transactions a page', () => {
    it('pages back over 60 payments in 60 blocks, and stops at `from`', async () => {
      const ids: string[] = [];
      for (let i = 1; i <= 60; i++) {
        ids.push(chain.send([{ address: OURS, sats: i }]));
        chain.send([{ address: OTHER_SEGWIT, sats: i }]);
        chain.mine();
      }
      const newestFirst = [...ids].reverse();

      let requests = chain.requests;
      const all = await btc.incoming(OURS, 900001);
      expect(chain.requests - requests).toBe(3); // 25 + 25 + 10
      expect(all.next).toBe(900060);
      expect(all.transactions.map((tx) => tx.txId)).toEqual(newestFirst);
      expect(all.transactions.map((tx) => tx.blockNumber)).toEqual(newestFirst.map((_, i) => 900060 - i));
      expect(all.transactions.map((tx) => tx.transfers[0].units)).toEqual(newestFirst.map((_, i) => BigInt(60 - i)));

      // The first page's oldest is below `from`: no more pages.
      requests = chain.requests;
      const recent = await btc.incoming(OURS, 900050);
      expect(chain.requests - requests).toBe(1);
      expect(recent.transactions.map((tx) => tx.txId)).toEqual(newestFirst.slice(0, 11));
      expect(recent.next).toBe(900060);

      // The first page's oldest is at `from`: one more page, of which only the newest are reported.
      requests = chain.requests;
      const across = await btc.incoming(OURS, 900036);
      expect(chain.requests - requests).toBe(2);
      expect(across.transactions.map((tx) => tx.txId)).toEqual(newestFirst.slice(0, 25));

      // No start: the first page only.
      requests = chain.requests;
      const first = await btc.incoming(OURS, null);
      expect(chain.requests - requests).toBe(1);
      expect(first.transactions.map((tx) => tx.txId)).toEqual(newestFirst.slice(0, 25));
      expect(first.next).toBe(900060);
    });

    it('reads at most 5 pages after the first in one call', async () => {
      for (let i = 0; i < 210; i++) chain.send([{ address: OURS, sats: 1000 + i }]);
      chain.mine();
      const requests = chain.requests;
      const page = await btc.incoming(OURS, 900001);
      expect(chain.requests - requests).toBe(6);
      expect(page.transactions).toHaveLength(150);
      expect(new Set(page.transactions.map((tx) => tx.txId)).size).toBe(150);
      // Newest first: the last 150 sent, amounts 1209 down to 1060.
      expect(page.transactions[0].transfers[0].units).toBe(1209n);
      expect(page.transactions[149].transfers[0].units).toBe(1060n);
      expect(page.next).toBe(900001);
    });
  });
});
