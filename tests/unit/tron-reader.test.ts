/**
 * The USDT TRC-20 reader (server/src/payments/chains/tron-reader.ts) and TRON's address encoding: parsing of
 * responses recorded in TronGrid's shapes (tests/fixtures/chain-responses/tron-*.json, served by a stub HTTP server
 * here), then against the TronGrid fixture server (tests/support/chain-fixtures/tron-fixture.ts).
 */
import fs from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ChainReadError, confirmationsAt } from '../../server/src/payments/chains/chain-reader';
import { isTronAddress, tronBase58ToHex, tronHexToBase58 } from '../../server/src/payments/chains/tron-address';
import { TronReader } from '../../server/src/payments/chains/tron-reader';
import { startTronFixture, type TronFixture } from '../support/chain-fixtures/tron-fixture';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const USDC = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
/** The store's receiving address in the recorded responses: 41 3f9a1c2e7d4b8a06c5e21f9d7b3a48e6c0d21f57. */
const OURS = 'TFmWBuCCaDFeYW6Rg84YUeP124BnRJjiVM';
/** The payer in the recorded responses: 41 8e4c0b2d9a17f3e65c4b2a19d8f7e6035c1b7a42. */
const PAYER = 'TNwc3uTtdALgUkj3nDQYiNBsnC4pLXwa8c';
/** Someone else: 41 c25d7e9f04a3b816d2e5f7a9c1b3d4e6f8a0b2c4. */
const OTHER = 'TTgv6Pns8drGGv8kAc8h96jb6Wryrg5NdM';
const RECORDED_TX = 'dbd03c065b3fcf2e9daa47fb5b057febe158e8c0026ecc9c2ce7e61eda8df26a';
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

function recorded(name: string): any {
  const file = path.resolve(__dirname, '../fixtures/chain-responses', name);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

interface Seen {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: unknown;
}
type Answer = { status?: number; json?: unknown; raw?: string };

/** A stub HTTP API answering with whatever `answer` says, recording every request. */
async function startStub(answer: (request: Seen) => Answer) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const entry: Seen = {
        method: request.method ?? '',
        url: new URL(request.url ?? '/', 'http://stub'),
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      seen.push(entry);
      const { status = 200, json, raw } = answer(entry);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(raw ?? JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type Overrides = { listing?: Answer; info?: Answer; nowBlock?: Answer };

/** Answers like TronGrid with the recorded responses, `overrides` replacing one endpoint's answer. */
function recordedApi(overrides: Overrides = {}) {
  return (request: Seen): Answer => {
    const p = request.url.pathname;
    if (p === `/v1/accounts/${OURS}/transactions/trc20`) {
      return overrides.listing ?? { json: recorded('tron-trc20-transfers.json') };
    }
    if (p === '/walletsolidity/gettransactioninfobyid') {
      if (overrides.info) return overrides.info;
      const value = (request.body as { value?: string }).value;
      return { json: value === RECORDED_TX ? recorded('tron-transaction-info.json') : {} };
    }
    if (p === '/walletsolidity/getnowblock') return overrides.nowBlock ?? { json: recorded('tron-now-block.json') };
    return { status: 404, json: { Error: 'not found' } };
  };
}

describe('TRON addresses', () => {
  it('encodes the real USDT contract pair both ways', () => {
    expect(tronHexToBase58(USDT_HEX)).toBe(USDT);
    expect(tronHexToBase58(USDT_HEX.slice(2))).toBe(USDT); // 20 bytes, as logs write it
    expect(tronHexToBase58(`0x${USDT_HEX.toUpperCase()}`)).toBe(USDT);
    expect(tronBase58ToHex(USDT)).toBe(USDT_HEX);
  });

  it('round-trips other addresses', () => {
    for (const address of [OURS, PAYER, OTHER, USDC]) {
      const hex = tronBase58ToHex(address);
      expect(hex).toMatch(/^41[0-9a-f]{40}$/);
      expect(tronHexToBase58(hex)).toBe(address);
    }
    expect(tronBase58ToHex(OURS)).toBe('413f9a1c2e7d4b8a06c5e21f9d7b3a48e6c0d21f57');
  });

  it('tells addresses from non-addresses', () => {
    expect(isTronAddress(USDT)).toBe(true);
    expect(isTronAddress(OURS)).toBe(true);
    const badChecksum = `${USDT.slice(0, -1)}${USDT.endsWith('t') ? 'u' : 't'}`;
    expect(isTronAddress(badChecksum)).toBe(false);
    expect(() => tronBase58ToHex(badChecksum)).toThrow(/checksum/);
    expect(isTronAddress(USDT.slice(0, -1))).toBe(false);
    expect(isTronAddress('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(false);
    expect(isTronAddress('T0000000000000000000000000000000000')).toBe(false); // 0 is not base58
    expect(isTronAddress('')).toBe(false);
    expect(() => tronHexToBase58('42a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toThrow(/Not a TRON hex address/);
    expect(() => tronHexToBase58('a614f8')).toThrow(/Not a TRON hex address/);
  });
});

describe('TronReader on recorded TronGrid responses', () => {
  let stub: Awaited<ReturnType<typeof startStub>> | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });
  async function readerOn(answer: (request: Seen) => Answer, apiKey?: string) {
    stub = await startStub(answer);
    return new TronReader({ apiUrl: `${stub.url}/`, apiKey, usdtContract: USDT });
  }

  it('is the tron reader with 6 decimals', async () => {
    const reader = await readerOn(recordedApi());
    expect(reader.network).toBe('tron');
    expect(reader.unitDecimals).toBe(6);
  });

  it('lists only USDT transfers to the address, pending, with the query the design names', async () => {
    const reader = await readerOn(recordedApi(), 'test-key');
    const page = await reader.incoming(OURS, 1_700_000_000_000);
    expect(page.transactions).toEqual([
      {
        txId: RECORDED_TX,
        status: 'pending',
        blockNumber: null,
        blockTime: null,
        transfers: [{ index: 0, to: OURS, units: 54_400_003_700n, token: USDT }],
      },
    ]);
    // The largest block_timestamp listed (the outgoing transfer's): min_timestamp is inclusive.
    expect(page.next).toBe(1_700_000_007_000);

    expect(stub!.seen).toHaveLength(1);
    const [request] = stub!.seen;
    expect(request.method).toBe('GET');
    expect(request.url.pathname).toBe(`/v1/accounts/${OURS}/transactions/trc20`);
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      only_to: 'true',
      contract_address: USDT,
      min_timestamp: '1700000000000',
      order_by: 'block_timestamp,asc',
      limit: '200',
    });
    expect(request.headers['tron-pro-api-key']).toBe('test-key');
  });

  it('starts ten minutes back without a position and keeps it when nothing is listed', async () => {
    const reader = await readerOn(
      recordedApi({ listing: { json: { data: [], success: true, meta: { at: Date.now(), page_size: 0 } } } }),
    );
    const before = Date.now();
    const page = await reader.incoming(OURS, null);
    const after = Date.now();
    expect(page.transactions).toEqual([]);
    expect(page.next).toBeGreaterThanOrEqual(before - 600_000);
    expect(page.next).toBeLessThanOrEqual(after - 600_000);
    expect(stub!.seen[0].url.searchParams.get('min_timestamp')).toBe(String(page.next));
    expect(stub!.seen[0].headers['tron-pro-api-key']).toBeUndefined();

    expect((await reader.incoming(OURS, 1_700_000_123_000)).next).toBe(1_700_000_123_000);
  });

  it('reads a solidified USDT transfer from gettransactioninfobyid, any case in, lower case out', async () => {
    const reader = await readerOn(recordedApi());
    const tx = await reader.transaction(RECORDED_TX.toUpperCase());
    expect(tx).toEqual({
      txId: RECORDED_TX,
      status: 'succeeded',
      blockNumber: 57_000_001,
      blockTime: new Date(1_700_000_001_000),
      transfers: [{ index: 0, to: OURS, units: 54_400_003_700n, token: USDT }],
    });
    expect(stub!.seen).toHaveLength(1);
    expect(stub!.seen[0].method).toBe('POST');
    expect(stub!.seen[0].url.pathname).toBe('/walletsolidity/gettransactioninfobyid');
    expect(stub!.seen[0].body).toEqual({ value: RECORDED_TX });
  });

  it('gives null for an unknown or not yet solidified transaction ({})', async () => {
    const reader = await readerOn(recordedApi());
    expect(await reader.transaction('ab'.repeat(32))).toBeNull();
    expect(stub!.seen).toHaveLength(1);
  });

  it('forgives a leading 0x on a transaction id', async () => {
    const reader = await readerOn(recordedApi());
    expect((await reader.transaction(`0x${RECORDED_TX.toUpperCase()}`))?.txId).toBe(RECORDED_TX.toLowerCase());
  });

  it.each(['xyz', 'ab'.repeat(31), `0y${RECORDED_TX}`, `${RECORDED_TX}0`, ''])(
    'gives null for %j without asking',
    async (txId) => {
      const reader = await readerOn(recordedApi());
      expect(await reader.transaction(txId)).toBeNull();
      expect(stub!.seen).toHaveLength(0);
    },
  );

  it.each([
    ['REVERT', 'FAILED'],
    ['OUT_OF_ENERGY', undefined],
  ])('reports a transaction whose receipt says %s (result %s) as failed', async (receiptResult, result) => {
    const info = recorded('tron-transaction-info.json');
    info.receipt.result = receiptResult;
    info.result = result;
    delete info.log;
    const reader = await readerOn(recordedApi({ info: { json: info } }));
    expect(await reader.transaction(RECORDED_TX)).toEqual({
      txId: RECORDED_TX,
      status: 'failed',
      blockNumber: 57_000_001,
      blockTime: new Date(1_700_000_001_000),
      transfers: [],
    });
  });

  it("indexes a Transfer by its log's position and ignores other logs", async () => {
    const info = recorded('tron-transaction-info.json');
    const [transfer] = info.log;
    const approval = {
      address: transfer.address,
      topics: ['8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925', ...transfer.topics.slice(1)],
      data: transfer.data,
    };
    const nft = { ...transfer, topics: [...transfer.topics, `${'0'.repeat(63)}7`], data: '' }; // TRC-721 Transfer
    const toOther = {
      address: '3487b63d30b5b2c87fb7ffa8bcfade38eaac1abe', // USDC
      topics: [TRANSFER_TOPIC, transfer.topics[1], `${'0'.repeat(24)}c25d7e9f04a3b816d2e5f7a9c1b3d4e6f8a0b2c4`],
      data: `${'0'.repeat(62)}2a`,
    };
    info.log = [approval, nft, transfer, toOther];
    const reader = await readerOn(recordedApi({ info: { json: info } }));
    const tx = await reader.transaction(RECORDED_TX);
    expect(tx?.transfers).toEqual([
      { index: 2, to: OURS, units: 54_400_003_700n, token: USDT },
      { index: 3, to: OTHER, units: 42n, token: USDC },
    ]);
  });

  it('reads the latest solidified block', async () => {
    const reader = await readerOn(recordedApi());
    expect(await reader.tipHeight()).toBe(57_000_019);
    expect(stub!.seen[0].method).toBe('POST');
    expect(stub!.seen[0].url.pathname).toBe('/walletsolidity/getnowblock');
    expect(confirmationsAt(57_000_019, 57_000_001)).toBe(19);
  });

  const malformedEntry = { ...recorded('tron-trc20-transfers.json').data[0], value: '12.5' };
  it.each<[string, (reader: TronReader) => Promise<unknown>, Overrides, RegExp]>([
    ['a listing without data', (r) => r.incoming(OURS, 1), { listing: { json: { success: true } } }, /data/],
    [
      'a listed USDT transfer with a non-integer value',
      (r) => r.incoming(OURS, 1),
      { listing: { json: { data: [malformedEntry], success: true, meta: {} } } },
      /malformed transfer/,
    ],
    [
      'transaction info without blockNumber',
      (r) => r.transaction(RECORDED_TX),
      { info: { json: { ...recorded('tron-transaction-info.json'), blockNumber: undefined } } },
      /blockNumber/,
    ],
    [
      'transaction info for another transaction',
      (r) => r.transaction(RECORDED_TX),
      { info: { json: { ...recorded('tron-transaction-info.json'), id: 'ab'.repeat(32) } } },
      /answered for transaction/,
    ],
    ['a block without its header', (r) => r.tipHeight(), { nowBlock: { json: { blockID: '00' } } }, /block_header/],
    ['an answer that is not JSON', (r) => r.tipHeight(), { nowBlock: { raw: '<html>busy</html>' } }, /JSON/],
    ['HTTP 503', (r) => r.tipHeight(), { nowBlock: { status: 503, json: { Error: 'busy' } } }, /answered 503/],
    ['HTTP 404', (r) => r.tipHeight(), { nowBlock: { status: 404, json: {} } }, /answered 404/],
  ])('raises ChainReadError on %s', async (_name, read, overrides, message) => {
    const reader = await readerOn(recordedApi(overrides));
    const error = await read(reader).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChainReadError);
    expect((error as ChainReadError).network).toBe('tron');
    expect((error as Error).message).toMatch(message);
  });

  it('raises ChainReadError when the API is unreachable', async () => {
    const dead = await startStub(() => ({ json: {} }));
    await dead.close();
    const unreachable = new TronReader({ apiUrl: dead.url, usdtContract: USDT });
    await expect(unreachable.tipHeight()).rejects.toBeInstanceOf(ChainReadError);
  });
});

describe('TronReader against the TronGrid fixture', () => {
  let fixture: TronFixture;
  let reader: TronReader;
  beforeEach(async () => {
    fixture = await startTronFixture({ contract: USDT, startBlock: 57_000_000 });
    reader = new TronReader({ apiUrl: fixture.url, usdtContract: USDT });
  });
  afterEach(() => fixture.close());

  it('finds a USDT transfer to the address and ignores another token, another address and a reverted one', async () => {
    const paid = fixture.transfer({ to: OURS, value: 12_340_000n });
    const otherToken = fixture.transfer({ to: OURS, value: 5_000_000n, contract: USDC });
    const otherAddress = fixture.transfer({ to: OTHER, value: 7_000_000n });
    const reverted = fixture.transfer({ to: OURS, value: 9_000_000n, failed: true });
    expect(new Set([paid, otherToken, otherAddress, reverted]).size).toBe(4);
    expect(paid).toMatch(/^[0-9a-f]{64}$/);

    const before = fixture.requests;
    const page = await reader.incoming(OURS, null);
    expect(fixture.requests - before).toBe(1);
    expect(page.transactions).toEqual([
      {
        txId: paid,
        status: 'pending',
        blockNumber: null,
        blockTime: null,
        transfers: [{ index: 0, to: OURS, units: 12_340_000n, token: USDT }],
      },
    ]);
    expect(page.next).toBeGreaterThan(Date.now() - 60_000);

    // Reported again from that position (inclusive), nothing new otherwise.
    const again = await reader.incoming(OURS, page.next);
    expect(again.transactions.map((tx) => tx.txId)).toEqual([paid]);
    expect(again.next).toBe(page.next);
  });

  it('sees a transfer solidify: null before, then succeeded in the next block, with the same index', async () => {
    const paid = fixture.transfer({ to: OURS, value: 1_500_000n });
    const reverted = fixture.transfer({ to: OURS, value: 2_000_000n, failed: true });
    expect(await reader.tipHeight()).toBe(57_000_000);
    expect(await reader.transaction(paid)).toBeNull();
    expect(await reader.transaction(reverted)).toBeNull();

    const [pending] = (await reader.incoming(OURS, null)).transactions;
    fixture.solidify();
    expect(await reader.tipHeight()).toBe(57_000_001);
    const solid = await reader.transaction(paid.toUpperCase());
    expect(solid).toMatchObject({ txId: paid, status: 'succeeded', blockNumber: 57_000_001 });
    expect(solid!.blockTime).toBeInstanceOf(Date);
    expect(solid!.transfers).toEqual(pending.transfers);
    expect(await reader.transaction(reverted)).toMatchObject({
      status: 'failed',
      blockNumber: 57_000_001,
      transfers: [],
    });

    fixture.solidify(3);
    expect(await reader.tipHeight()).toBe(57_000_004);
    expect((await reader.transaction(paid))!.blockNumber).toBe(57_000_001);
    expect(confirmationsAt(await reader.tipHeight(), solid!.blockNumber)).toBe(4);
    // Solidified transfers are still listed, still as pending: the service asks transaction() for their state.
    expect((await reader.incoming(OURS, null)).transactions.map((tx) => tx.txId)).toEqual([paid]);
  });

  it('follows the fingerprint over more than one page', async () => {
    const txIds = Array.from({ length: 450 }, (_, i) => fixture.transfer({ to: OURS, value: BigInt(i + 1) }));
    for (let i = 0; i < 30; i++) fixture.transfer({ to: OTHER, value: 1n });

    const before = fixture.requests;
    const page = await reader.incoming(OURS, null);
    expect(fixture.requests - before).toBe(3); // 200 + 200 + 50
    expect(page.transactions.map((tx) => tx.txId)).toEqual(txIds);
    expect(page.transactions[449].transfers[0].units).toBe(450n);

    const again = await reader.incoming(OURS, page.next);
    expect(again.transactions.map((tx) => tx.txId)).toEqual([txIds[449]]);
  });

  it('reads at most 5 pages per call and continues where it stopped', async () => {
    const txIds = Array.from({ length: 1150 }, (_, i) => fixture.transfer({ to: OURS, value: BigInt(i + 1) }));

    let before = fixture.requests;
    const first = await reader.incoming(OURS, null);
    expect(fixture.requests - before).toBe(5);
    // 1000 listed; the last listed timestamp's transfers are left to the next call, which starts at it.
    expect(first.transactions.map((tx) => tx.txId)).toEqual(txIds.slice(0, 999));

    before = fixture.requests;
    const second = await reader.incoming(OURS, first.next);
    expect(fixture.requests - before).toBe(1);
    expect(second.transactions.map((tx) => tx.txId)).toEqual(txIds.slice(999));
    expect(second.next).toBeGreaterThan(first.next);
  });

  it('reads a batch transaction with several transfers to the address through its logs, once solidified', async () => {
    const batch = fixture.transfer({ to: OURS, value: 1_000_000n });
    fixture.transfer({ to: OTHER, value: 2_000_000n, txId: batch });
    fixture.transfer({ to: OURS, value: 3_000_000n, txId: batch.toUpperCase() });
    const later = fixture.transfer({ to: OURS, value: 4_000_000n });

    // Not solidified: its log positions are unknown, so it (and what follows) waits for the next call.
    const first = await reader.incoming(OURS, null);
    expect(first.transactions).toEqual([]);
    fixture.solidify();
    const second = await reader.incoming(OURS, first.next);
    expect(second.transactions).toEqual([
      {
        txId: batch,
        status: 'succeeded',
        blockNumber: 57_000_001,
        blockTime: expect.any(Date),
        transfers: [
          { index: 0, to: OURS, units: 1_000_000n, token: USDT },
          { index: 1, to: OTHER, units: 2_000_000n, token: USDT },
          { index: 2, to: OURS, units: 3_000_000n, token: USDT },
        ],
      },
      {
        txId: later,
        status: 'pending',
        blockNumber: null,
        blockTime: null,
        transfers: [{ index: 0, to: OURS, units: 4_000_000n, token: USDT }],
      },
    ]);
  });

  it('counts every request, 404s included, and answers unknown paths with 404 JSON', async () => {
    const before = fixture.requests;
    const response = await fetch(`${fixture.url}/wallet/getnowblock`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ Error: expect.stringContaining('/wallet/getnowblock') });
    await reader.tipHeight();
    await reader.transaction('cd'.repeat(32));
    expect(fixture.requests - before).toBe(3);
  });

  it('paginates its listing like TronGrid (limit, fingerprint, meta.links.next, order_by)', async () => {
    const txIds = [1n, 2n, 3n].map((value) => fixture.transfer({ to: OURS, value }));
    const base = `${fixture.url}/v1/accounts/${OURS}/transactions/trc20?only_to=true&limit=2&order_by=block_timestamp,asc`;
    const first = (await (await fetch(base)).json()) as any;
    expect(first.success).toBe(true);
    expect(first.data.map((entry: any) => entry.transaction_id)).toEqual(txIds.slice(0, 2));
    expect(first.data[0]).toMatchObject({
      token_info: { symbol: 'USDT', address: USDT, decimals: 6, name: 'Tether USD' },
      from: PAYER,
      to: OURS,
      type: 'Transfer',
      value: '1',
    });
    expect(first.meta).toMatchObject({ page_size: 2, fingerprint: expect.any(String) });
    const second = (await (await fetch(first.meta.links.next)).json()) as any;
    expect(second.data.map((entry: any) => entry.transaction_id)).toEqual(txIds.slice(2));
    expect(second.meta.fingerprint).toBeUndefined();

    const newestFirst = (await (await fetch(base.replace('asc', 'desc').replace('limit=2', 'limit=3'))).json()) as any;
    expect(newestFirst.data.map((entry: any) => entry.transaction_id)).toEqual([...txIds].reverse());
    const tooMany = await fetch(base.replace('limit=2', 'limit=201'));
    expect(tooMany.status).toBe(400);
  });
});
