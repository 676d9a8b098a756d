/**
 * What the chain readers (TRON, BTC, ETH) do with an API that misbehaves, against real HTTP fixture servers
 * (tests/support/chain-fixtures/hostile-api.ts), as the security review ran it:
 * - a redirect is not followed: the server it points to (on loopback) receives nothing, TronGrid's API key included,
 *   and the read fails saying so;
 * - an answer over the 8 MiB cap (streamed, or declared by Content-Length) is stopped there: the fixture never gets to
 *   send the rest, and the read fails naming the cap;
 * - error messages quote a short excerpt of an answer, never the answer.
 */
import { ChainReadError, MAX_ANSWER_BYTES } from '../../server/src/payments/chains/chain-reader';
import { BtcReader } from '../../server/src/payments/chains/btc-reader';
import { EthReader } from '../../server/src/payments/chains/eth-reader';
import { TronReader } from '../../server/src/payments/chains/tron-reader';
import { startHostileApi, type HostileAnswer, type HostileApi } from '../support/chain-fixtures/hostile-api';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const API_KEY = 'tron-pro-api-key-of-the-store';
/** The answer the attacker streams: 300 MB of JSON, as in the review. */
const HUGE = 300 * 1024 * 1024;
/**
 * What the fixture may have written beyond the cap when the reader stops: what the kernel's socket buffers took in
 * on both sides (Linux lets a loopback receive buffer grow to 32 MB: net.ipv4.tcp_rmem), never read by the reader.
 */
const SLACK = 40 * 1024 * 1024;

const NOW_BLOCK = { blockID: '00', block_header: { raw_data: { number: 57_000_019 } } };

const servers: HostileApi[] = [];
async function api(answer: (request: { method: string; path: string }) => HostileAnswer): Promise<HostileApi> {
  const server = await startHostileApi(answer);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The read's failure (it must fail), as a ChainReadError of `network`. */
async function failure(read: Promise<unknown>, network: string): Promise<ChainReadError> {
  const error = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  // Said with the error's own text when it is another one, so a failure tells what went wrong.
  if (!(error instanceof ChainReadError)) throw new Error(`Expected a ChainReadError, got ${String(error)}`);
  expect(error.network).toBe(network);
  return error as ChainReadError;
}

const readers = {
  tron: (url: string) => new TronReader({ apiUrl: url, apiKey: API_KEY, usdtContract: USDT }),
  btc: (url: string) => new BtcReader({ apiUrl: url }),
  eth: (url: string) => new EthReader({ rpcUrl: url }),
};

describe('a redirect is not followed', () => {
  it.each([301, 302, 307, 308])(
    'TRON: %i to another local server sends it nothing, not the API key either; the read fails',
    async (status) => {
      const elsewhere = await api(() => ({ json: NOW_BLOCK }));
      const origin = await api(() => ({ status, redirect: `${elsewhere.url}/walletsolidity/getnowblock` }));
      const error = await failure(readers.tron(origin.url).tipHeight(), 'tron');
      expect(error.message).toBe(
        `tron: ${origin.url}/walletsolidity/getnowblock answered ${status}, a redirect to ` +
          `${elsewhere.url}/walletsolidity/getnowblock: chain API redirects are not followed, so set the URL the API answers at`,
      );
      expect(elsewhere.requests).toEqual([]);
      // The key went to the API it was configured for, and only there.
      expect(origin.requests.map((r) => r.headers['tron-pro-api-key'])).toEqual([API_KEY]);
    },
  );

  it('TRON: the listing too (a GET)', async () => {
    const elsewhere = await api(() => ({ json: { data: [], success: true, meta: {} } }));
    const origin = await api(() => ({ redirect: `${elsewhere.url}/v1/accounts/${TRON_ADDRESS}/transactions/trc20` }));
    const error = await failure(readers.tron(origin.url).incoming(TRON_ADDRESS, 1), 'tron');
    expect(error.message).toMatch(/answered 302, a redirect to .*: chain API redirects are not followed/);
    expect(elsewhere.requests).toEqual([]);
  });

  it('BTC: a redirect to loopback sends it nothing; the read fails', async () => {
    const elsewhere = await api(() => ({ json: 850_123 }));
    const origin = await api(() => ({ redirect: `${elsewhere.url}/blocks/tip/height` }));
    const error = await failure(readers.btc(origin.url).tipHeight(), 'btc');
    expect(error.message).toMatch(
      new RegExp(
        `answered 302, a redirect to ${elsewhere.url}/blocks/tip/height: chain API redirects are not followed`,
      ),
    );
    expect(elsewhere.requests).toEqual([]);
  });

  it('ETH: a redirect of the JSON-RPC request sends nothing elsewhere; the message names only the origin', async () => {
    const elsewhere = await api(() => ({ json: { jsonrpc: '2.0', id: 1, result: '0x10' } }));
    const origin = await api(() => ({ status: 307, redirect: `${elsewhere.url}/v3/other` }));
    const error = await failure(readers.eth(`${origin.url}/v3/secret-project-key`).tipHeight(), 'eth');
    expect(error.message).toBe(
      `eth: ${origin.url} answered 307, a redirect to ${elsewhere.url}/v3/other: chain API redirects are not ` +
        'followed, so set the URL the API answers at',
    );
    expect(error.message).not.toContain('secret-project-key');
    expect(elsewhere.requests).toEqual([]);
    expect(origin.requests.length).toBeGreaterThan(0);
  });
});

describe(`an answer over the cap (${MAX_ANSWER_BYTES / 1024 / 1024} MiB) is stopped there`, () => {
  /** The request that got the huge answer did not get to send it: the reader stopped and went away. */
  function expectStoppedEarly(server: HostileApi) {
    const huge = server.requests.filter((r) => r.sent > 1024);
    expect(huge.length).toBeGreaterThan(0);
    for (const request of huge) {
      expect(request.finished).toBe(false);
      expect(request.sent).toBeLessThan(MAX_ANSWER_BYTES + SLACK);
    }
  }

  it('TRON: a 300 MB listing', async () => {
    const server = await api(({ path }) =>
      path.startsWith('/v1/accounts/') ? { hugeJson: HUGE } : { json: NOW_BLOCK },
    );
    const error = await failure(readers.tron(server.url).incoming(TRON_ADDRESS, 1), 'tron');
    expect(error.message).toMatch(
      /^tron: http:\/\/127\.0\.0\.1:\d+\/v1\/accounts\/\S+ answered more than 8 MiB, over the 8 MiB cap on a chain API answer: the read was stopped$/,
    );
    expectStoppedEarly(server);
  });

  it('TRON: an answer whose Content-Length says 300 MB is refused before its body is read', async () => {
    const server = await api(() => ({ hugeJson: HUGE, contentLength: true }));
    const error = await failure(readers.tron(server.url).tipHeight(), 'tron');
    expect(error.message).toMatch(/answered \d{9} bytes, over the 8 MiB cap on a chain API answer/);
    expectStoppedEarly(server);
  });

  it('BTC: a 300 MB address history', async () => {
    const server = await api(({ path }) => (path.startsWith('/address/') ? { hugeJson: HUGE } : { json: 850_123 }));
    const error = await failure(readers.btc(server.url).incoming(BTC_ADDRESS, null), 'btc');
    expect(error.message).toMatch(/answered more than 8 MiB, over the 8 MiB cap on a chain API answer/);
    expectStoppedEarly(server);
  });

  it('ETH: a 300 MB JSON-RPC answer', async () => {
    const server = await api(() => ({ hugeJson: HUGE }));
    const error = await failure(readers.eth(server.url).tipHeight(), 'eth');
    expect(error.message).toBe(
      'eth: the JSON-RPC answer was over the 8 MiB cap on a chain API answer: the read was stopped',
    );
    expectStoppedEarly(server);
  });

  it('takes an answer just under the cap', async () => {
    const server = await api(() => ({ hugeJson: MAX_ANSWER_BYTES - 1024 }));
    // Read whole and parsed: thousands of listed transfers, none to this address.
    const page = await readers.tron(server.url).incoming(TRON_ADDRESS, 1);
    expect(page).toEqual({ transactions: [], next: 1_700_000_000_000 });
    expect(server.requests[0].finished).toBe(true);
  });
});

describe('error messages quote a short excerpt of the answer', () => {
  const MB = 'x'.repeat(5 * 1024 * 1024);

  it('an error status with a 5 MB body: only its start, and the rest is not read', async () => {
    const server = await api(() => ({ status: 503, text: `Service Unavailable ${MB}` }));
    const error = await failure(readers.tron(server.url).tipHeight(), 'tron');
    expect(error.message).toMatch(/answered 503: Service Unavailable x+…$/);
    expect(error.message.length).toBeLessThan(400);
  });

  it('a 5 MB answer that is not JSON', async () => {
    const server = await api(() => ({ status: 200, text: `<html>${MB}` }));
    const error = await failure(readers.btc(server.url).tipHeight(), 'btc');
    expect(error.message).toMatch(/answered with something other than JSON: <html>x+…$/);
    expect(error.message.length).toBeLessThan(400);
  });

  it('JSON of the wrong shape: a 5 MB string where a block belongs', async () => {
    const server = await api(() => ({ json: { block_header: MB } }));
    const error = await failure(readers.tron(server.url).tipHeight(), 'tron');
    expect(error.message).toMatch(/^tron: malformed getnowblock answer \(block_header: .*\): \{"block_header":"x+…$/);
    expect(error.message.length).toBeLessThan(500);
  });

  it('JSON nested a million levels deep', async () => {
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    const server = await api(() => ({ status: 200, text: deep }));
    const error = await failure(readers.tron(server.url).tipHeight(), 'tron');
    expect(error.message).toMatch(/malformed getnowblock answer \(body: .*\): \[\[\[+…$/);
    expect(error.message.length).toBeLessThan(500);
  });

  it('a listed transfer with a 5 MB value', async () => {
    const server = await api(() => ({
      json: {
        success: true,
        meta: {},
        data: [
          {
            transaction_id: 'b'.repeat(64),
            token_info: { address: USDT },
            block_timestamp: 1_700_000_000_000,
            to: TRON_ADDRESS,
            type: 'Transfer',
            value: `1${'0'.repeat(5 * 1024 * 1024)}.5`,
          },
        ],
      },
    }));
    const error = await failure(readers.tron(server.url).incoming(TRON_ADDRESS, 1), 'tron');
    expect(error.message).toMatch(/^tron: trc20 listing has a malformed transfer: \{"transaction_id":"b+",.*…$/);
    expect(error.message.length).toBeLessThan(400);
  });
});
