/**
 * What one client may hold open over graphql-ws (server/src/graphql/ws-limits.ts): subscriptions per
 * connection, messages per second, connections per account and per IP, the IP taken by the same
 * TRUST_PROXY rule as HTTP. Raw sockets speak graphql-transport-ws as any client would.
 */
import WebSocket from 'ws';
import { startTestServer, type TestServer, type TestUser } from '../support/test-server';

const ORDER_UPDATED = `subscription ($orderId: ID!) { orderUpdated(orderId: $orderId) { id status } }`;
const PLACE_ORDER = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`;
const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`;

let server: TestServer;
let owner: TestUser;
let orderId: string;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      WS_MAX_CONNECTIONS_PER_IP: '4',
      WS_MAX_CONNECTIONS_PER_USER: '2',
      WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: '5',
      WS_MAX_MESSAGES_PER_SECOND: '10',
      AUTH_RATE_LIMIT: '2',
    },
  });
  owner = await server.createUser();
  const [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);
  const res = await server.gql(
    PLACE_ORDER,
    { input: { productId, quantity: 1, email: owner.email, paymentMethod: 'ETH' } },
    { token: owner.token },
  );
  orderId = res.data!.placeOrder.id;
});
afterAll(() => server.close());

interface RawSocket {
  socket: WebSocket;
  messages: any[];
  closed: Promise<{ code: number; reason: string }>;
  send(message: object): void;
  /** Resolves with the first received message matching `predicate`. */
  waitFor(predicate: (message: any) => boolean, timeoutMs?: number): Promise<any>;
}

const openSockets: WebSocket[] = [];
afterEach(() => {
  for (const socket of openSockets.splice(0)) socket.terminate();
});

/** A graphql-transport-ws socket, acknowledged (or closed) before it resolves. */
async function connect(options: { token?: string; forwardedFor?: string } = {}): Promise<RawSocket> {
  const socket = new WebSocket(server.wsUrl, 'graphql-transport-ws', {
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
  });
  openSockets.push(socket);
  const messages: any[] = [];
  const listeners = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const listener of listeners) listener();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const raw: RawSocket = {
    socket,
    messages,
    closed,
    send: (message) => socket.send(JSON.stringify(message)),
    waitFor: (predicate, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`No matching message within ${timeoutMs} ms: ${JSON.stringify(messages)}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
  };
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  raw.send({ type: 'connection_init', payload: options.token ? { authorization: `Bearer ${options.token}` } : {} });
  await Promise.race([raw.waitFor((m) => m.type === 'connection_ack').catch(() => undefined), closed]);
  return raw;
}

const subscribe = (raw: RawSocket, id: string) =>
  raw.send({ id, type: 'subscribe', payload: { query: ORDER_UPDATED, variables: { orderId } } });

it('accepts subscriptions up to the per-connection cap and refuses the next with a clear error', async () => {
  const raw = await connect({ token: owner.token });
  for (let i = 1; i <= 6; i++) subscribe(raw, String(i));
  for (let i = 1; i <= 5; i++) {
    const first = await raw.waitFor((m) => m.id === String(i));
    expect(first).toMatchObject({ type: 'next', payload: { data: { orderUpdated: { id: orderId } } } });
  }
  const refused = await raw.waitFor((m) => m.id === '6');
  expect(refused).toEqual({
    id: '6',
    type: 'error',
    payload: [
      expect.objectContaining({
        message: 'Too many subscriptions on one connection: the limit is 5',
        extensions: { code: 'RATE_LIMITED' },
      }),
    ],
  });
  // The connection lives on: completing one subscription frees its slot.
  raw.send({ id: '1', type: 'complete' });
  await new Promise((r) => setTimeout(r, 100));
  subscribe(raw, '7');
  expect(await raw.waitFor((m) => m.id === '7')).toMatchObject({ type: 'next' });
  expect(raw.socket.readyState).toBe(WebSocket.OPEN);
});

it('closes a connection that floods it with messages (1008) and stops reading it', async () => {
  const raw = await connect({ token: owner.token });
  for (let i = 0; i < 500; i++) subscribe(raw, `flood-${i}`);
  expect(await raw.closed).toEqual({ code: 1008, reason: 'Too many messages' });
  // A burst of 2 × the rate was allowed, then nothing more was read: far fewer than 500 answers.
  const answered = new Set(raw.messages.filter((m) => m.id).map((m) => m.id));
  expect(answered.size).toBeLessThanOrEqual(21);
});

it('limits connections per account (1013) and frees the slot when one closes', async () => {
  const first = await connect({ token: owner.token });
  const second = await connect({ token: owner.token });
  const third = await connect({ token: owner.token });
  expect(await third.closed).toEqual({ code: 1013, reason: 'Too many connections for this account' });
  expect(first.socket.readyState).toBe(WebSocket.OPEN);
  expect(second.socket.readyState).toBe(WebSocket.OPEN);
  first.socket.close();
  await first.closed;
  await new Promise((r) => setTimeout(r, 50));
  const again = await connect({ token: owner.token });
  expect(again.messages[0]).toEqual({ type: 'connection_ack' });
});

it('limits connections per client IP, taking the IP from X-Forwarded-For as HTTP does (TRUST_PROXY)', async () => {
  const fromA = await Promise.all([1, 2, 3, 4].map(() => connect({ forwardedFor: '203.0.113.7' })));
  for (const raw of fromA) expect(raw.messages[0]).toEqual({ type: 'connection_ack' });
  const fifth = await connect({ forwardedFor: '203.0.113.7' });
  expect(await fifth.closed).toEqual({ code: 1013, reason: 'Too many connections from this address' });
  // Another client behind the same proxy has its own allowance.
  const fromB = await connect({ forwardedFor: '198.51.100.9' });
  expect(fromB.messages[0]).toEqual({ type: 'connection_ack' });
});

it('throttles sign-in over graphql-ws by the forwarded client IP, not the proxy socket', async () => {
  const signInOver = async (raw: RawSocket, id: string) => {
    raw.send({
      id,
      type: 'subscribe',
      payload: { query: SIGN_IN, variables: { input: { email: `nobody-${id}@example.com`, password: 'Wr0ngPass1' } } },
    });
    const reply = await raw.waitFor((m) => m.id === id && m.type !== 'complete');
    return reply.payload.errors?.[0]?.extensions?.code ?? reply.payload[0]?.extensions?.code;
  };
  const a = await connect({ forwardedFor: '192.0.2.10' });
  expect(await signInOver(a, 'a1')).toBe('UNAUTHENTICATED');
  expect(await signInOver(a, 'a2')).toBe('UNAUTHENTICATED');
  expect(await signInOver(a, 'a3')).toBe('RATE_LIMITED');
  const b = await connect({ forwardedFor: '192.0.2.11' });
  expect(await signInOver(b, 'b1')).toBe('UNAUTHENTICATED');
});
