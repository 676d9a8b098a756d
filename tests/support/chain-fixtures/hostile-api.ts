/**
 * FIXTURE: a chain API that misbehaves the way a hostile one (or a broken proxy in front of a real one) would. A plain
 * HTTP server on 127.0.0.1 whose answer to each request is chosen by the test: JSON, an error status, a redirect, or
 * a huge JSON body streamed in 64 KiB chunks (made as it is sent, so the fixture itself holds none of it) that stops
 * as soon as the client goes away. Each request is recorded (method, path, headers), with how many body bytes were
 * sent in answer and whether the whole body went out.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type HostileAnswer =
  | { json: unknown; status?: number }
  | { text: string; status: number }
  | { redirect: string; status?: number }
  /** A JSON answer of about `bytes` bytes: `{"data":[` then `entry` repeated, streamed, then `]}`. */
  | { hugeJson: number; entry?: unknown; contentLength?: boolean };

export interface HostileRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Body bytes sent in answer so far. */
  sent: number;
  /** Whether the whole answer was sent (false: the client stopped reading and went away first). */
  finished: boolean;
}

export interface HostileApi {
  url: string;
  requests: HostileRequest[];
  close(): Promise<void>;
}

const CHUNK = 64 * 1024;

/** A TRC-20 listing entry as TronGrid writes one: the huge answers repeat it. */
export const LISTED_TRANSFER = {
  transaction_id: 'a'.repeat(64),
  token_info: { symbol: 'USDT', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6, name: 'Tether USD' },
  block_timestamp: 1_700_000_000_000,
  from: 'TNwc3uTtdALgUkj3nDQYiNBsnC4pLXwa8c',
  to: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  type: 'Transfer',
  value: '1000000',
};

async function streamHuge(
  response: ServerResponse,
  record: HostileRequest,
  answer: { hugeJson: number; entry?: unknown; contentLength?: boolean },
) {
  const head = Buffer.from('{"data":[');
  const tail = Buffer.from(']}');
  const entry = JSON.stringify(answer.entry ?? LISTED_TRANSFER);
  const entries = Math.max(1, Math.floor((answer.hugeJson - head.length - tail.length) / (entry.length + 1)));
  const total = head.length + entries * (entry.length + 1) - 1 + tail.length;
  response.writeHead(200, {
    'content-type': 'application/json',
    ...(answer.contentLength ? { 'content-length': String(total) } : {}),
  });
  let gone = false;
  response.on('close', () => (gone = true));
  const perChunk = Math.max(1, Math.floor(CHUNK / (entry.length + 1)));
  const write = (buffer: Buffer) =>
    new Promise<void>((resolve) => {
      record.sent += buffer.length;
      if (response.write(buffer)) resolve();
      else {
        const done = () => {
          response.off('drain', done);
          response.off('close', done);
          resolve();
        };
        response.on('drain', done).on('close', done);
      }
    });
  await write(head);
  for (let written = 0; written < entries && !gone; written += perChunk) {
    const n = Math.min(perChunk, entries - written);
    const parts = Array.from({ length: n }, (_, i) => (written + i === 0 ? entry : `,${entry}`));
    await write(Buffer.from(parts.join('')));
  }
  if (gone) return;
  await write(tail);
  response.end();
  record.finished = true;
}

/** Starts the fixture; `answer` picks each request's answer from its method and path. */
export async function startHostileApi(
  answer: (request: { method: string; path: string }) => HostileAnswer,
): Promise<HostileApi> {
  const requests: HostileRequest[] = [];
  const server = createServer((request, response) => {
    request.resume(); // the request body (a JSON-RPC call, a TRON POST) does not matter here
    const record: HostileRequest = {
      method: request.method ?? '',
      path: request.url ?? '/',
      headers: request.headers,
      sent: 0,
      finished: false,
    };
    requests.push(record);
    const chosen = answer({ method: record.method, path: record.path });
    if ('hugeJson' in chosen) {
      void streamHuge(response, record, chosen);
      return;
    }
    let status: number;
    let body: string;
    let headers: Record<string, string>;
    if ('redirect' in chosen) {
      status = chosen.status ?? 302;
      body = '';
      headers = { location: chosen.redirect };
    } else if ('text' in chosen) {
      status = chosen.status;
      body = chosen.text;
      headers = { 'content-type': 'text/plain' };
    } else {
      status = chosen.status ?? 200;
      body = JSON.stringify(chosen.json);
      headers = { 'content-type': 'application/json' };
    }
    record.sent = Buffer.byteLength(body);
    record.finished = true;
    response.writeHead(status, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
