/**
 * The exact bytes of GraphQL answers, for the bench's identity checks (a baseline must send what the store sends,
 * byte for byte, before the two are compared) and for the memory baseline (which replays the store's bytes), and the
 * URLs of Apollo's automatic persisted queries over GET.
 */
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import http from 'node:http';

/**
 * One request with `node:http`; resolves with its status, response headers (lower-case names) and body text as sent.
 * Not fetch: fetch asks for gzip (and the store compresses answers of 1 KiB or more), and it adds
 * `Cache-Control: no-cache` to a request with If-None-Match, which a server rightly answers in full. This sends only
 * the headers given, as the load generator does, so the text and ETag are those the load gets.
 */
export function rawRequest(url, { method = 'GET', body, headers = {} } = {}) {
  const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A POST of `body` (query, variables, operationName) that must answer 200 without `errors`; resolves with its text. */
export async function rawPostOk(url, body, headers = {}) {
  const { status, text } = await rawRequest(url, { method: 'POST', body, headers });
  if (status !== 200 || text.includes('"errors"')) {
    throw new Error(
      `${body.operationName ?? body.query.slice(0, 40)} on ${url} failed (${status}): ${text.slice(0, 500)}`,
    );
  }
  return text;
}

/** Index of the first character where `a` and `b` differ; -1 when they are the same. */
export function firstDifference(a, b) {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : length;
}

/**
 * Throws unless `actual` (a baseline's answer) is `expected` (the store's) byte for byte, showing where they first
 * differ and about 200 characters of each around that point.
 */
export function assertSameText(label, expected, actual) {
  const at = firstDifference(expected, actual);
  if (at === -1) return;
  const around = (text) => JSON.stringify(text.slice(Math.max(0, at - 100), at + 100));
  throw new Error(
    `${label}: the baseline's answer differs from the store's at offset ${at} ` +
      `(store ${expected.length} chars, baseline ${actual.length}).\n` +
      `  store:    …${around(expected)}…\n  baseline: …${around(actual)}…`,
  );
}

/**
 * The GET URL of an automatic persisted query (Apollo's APQ, version 1): operationName, variables and the sha256 hex
 * of the exact query text; with `register`, the query text too (the first request of a query the server has not
 * seen: a hash alone gets PersistedQueryNotFound).
 */
export function persistedQueryUrl(gqlUrl, { query, operationName, variables = {} }, { register = false } = {}) {
  const sha256Hash = createHash('sha256').update(query).digest('hex');
  const params = [
    ['operationName', operationName],
    ['variables', JSON.stringify(variables)],
    ['extensions', JSON.stringify({ persistedQuery: { version: 1, sha256Hash } })],
    ...(register ? [['query', query]] : []),
  ];
  // encodeURIComponent, not URLSearchParams: %20 rather than `+` for spaces, as browsers' clients send it.
  return `${gqlUrl}?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}
