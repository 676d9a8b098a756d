/**
 * The chaos run's clients (scripts/chaos.mjs): GraphQL over HTTP through nginx, with a verdict on each answer that
 * tells a refusal (the store said no) from an unknown outcome (the connection broke, a 502, an internal error: it may
 * or may not have happened), and graphql-ws sockets that reconnect and subscribe again, as the web app's client does.
 */
import WebSocket from 'ws';
import { keepAliveAgent, postMultipart } from '../../bench/lib/multipart-post.mjs';

const agent = keepAliveAgent(64);

/**
 * POSTs a GraphQL operation (multipart when `file` is given). Resolves `{ outcome, data, errors, status }`:
 * `ok` (data, no errors), `refused` (the store answered with errors) or `unknown` (no answer, a proxy's 5xx, or
 * INTERNAL_SERVER_ERROR).
 */
export async function gql(url, query, variables = {}, { token, file, fileVariable = 'proof' } = {}) {
  const headers = { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  try {
    let status;
    let body;
    if (file) {
      ({ status, body } = await postMultipart(url, {
        agent,
        headers,
        operations: { query, variables: { ...variables, [fileVariable]: null } },
        fileVariable,
        file,
      }));
    } else {
      const response = await globalThis.fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
        signal: globalThis.AbortSignal.timeout(20_000),
      });
      status = response.status;
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        return { outcome: 'unknown', status, errors: [{ message: text.slice(0, 120) }] };
      }
    }
    if (status >= 500 && !body?.data) return { outcome: 'unknown', status, errors: body?.errors };
    // An internal error (the database went away mid-request) says nothing about what happened: as unknown as no answer.
    if (body.errors?.some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR')) {
      return { outcome: 'unknown', status, errors: body.errors };
    }
    if (body.errors?.length) return { outcome: 'refused', status, data: body.data, errors: body.errors };
    return { outcome: 'ok', status, data: body.data };
  } catch (error) {
    return { outcome: 'unknown', status: 0, errors: [{ message: error.message }] };
  }
}

/**
 * One graphql-ws connection that comes back: when it closes (its replica was killed, nginx dropped it), it
 * reconnects after `retryMs` and subscribes again to everything it had. `subscribe(query, variables, onNext)`.
 * `connects` counts successful connections; `connected` says whether it is up now.
 */
export class LiveClient {
  constructor(url, token, { retryMs = 250, onError } = {}) {
    Object.assign(this, { url, token, retryMs, onError });
    this.subscriptions = new Map();
    this.nextId = 1;
    this.connects = 0;
    this.connected = false;
    this.closed = false;
    this.socket = null;
    this.open();
  }

  open() {
    if (this.closed) return;
    const socket = new WebSocket(this.url, 'graphql-transport-ws', { perMessageDeflate: false });
    this.socket = socket;
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${this.token}` } })),
    );
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.type === 'connection_ack') {
        this.connected = true;
        this.connects++;
        for (const [id, sub] of this.subscriptions) this.send(id, sub);
      } else if (message.type === 'ping') socket.send('{"type":"pong"}');
      else if (message.type === 'next') {
        const sub = this.subscriptions.get(message.id);
        if (message.payload?.errors) this.onError?.(message.payload.errors);
        if (sub && message.payload?.data) sub.onNext(message.payload.data);
      } else if (message.type === 'error') this.onError?.(message.payload);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.connected = false;
      if (this.socket === socket && !this.closed) setTimeout(() => this.open(), this.retryMs);
    });
  }

  send(id, { query, variables }) {
    if (this.connected) this.socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
  }

  subscribe(query, variables, onNext) {
    const id = String(this.nextId++);
    const sub = { query, variables, onNext };
    this.subscriptions.set(id, sub);
    this.send(id, sub);
  }

  close() {
    this.closed = true;
    this.socket?.terminate();
  }
}
