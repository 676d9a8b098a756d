/**
 * The memory baseline for cached reads: bare `node:http` answering every request with bytes it was given at start,
 * the store's own answers to the catalogue (`ProductsPage`) and the product page (`ProductDetailPage`). The store
 * answers those from its catalogue response cache (server/src/graphql/catalogue-response-cache.ts), so this is the
 * ceiling of that path on this machine: no database, no GraphQL, no JSON, only HTTP and a memory copy. The bench
 * compares the store's cached reads with it.
 *
 * POST: reads the body fully and picks the answer with a cheap check of its text (no JSON.parse). GET (the
 * persisted-query URLs): picks by the URL's `operationName` parameter, and sends the ETag and Cache-Control the
 * store's GET answer carried, if any.
 *
 * Env: MEMORY_RESPONSES, the path of a JSON file
 * `{ "post": { "<operationName>": "<body>" }, "get": { "<operationName>": { "body", "headers" } } }`; PORT. Prints
 * `listening <port>` once ready.
 */
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import http from 'node:http';
import process from 'node:process';

const given = JSON.parse(fs.readFileSync(process.env.MEMORY_RESPONSES, 'utf8'));

/** Status 200 with the body's bytes and headers made once, so a request costs only its write. */
function answer(body, headers = {}) {
  const bytes = Buffer.from(body, 'utf8');
  return {
    bytes,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': bytes.length,
      ...headers,
    },
  };
}

const post = {
  catalogue: answer(given.post.ProductsPage),
  product: answer(given.post.ProductDetailPage),
};
// Without a GET answer of the store's (an older build), GET gets the POST bytes.
const get = {
  catalogue: given.get?.ProductsPage
    ? answer(given.get.ProductsPage.body, given.get.ProductsPage.headers)
    : post.catalogue,
  product: given.get?.ProductDetailPage
    ? answer(given.get.ProductDetailPage.body, given.get.ProductDetailPage.headers)
    : post.product,
};

function send(res, { bytes, headers }) {
  res.writeHead(200, headers);
  res.end(bytes);
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET') {
    // The operation's name is the only thing that tells the two URLs apart; no need to parse the rest.
    send(res, req.url.includes('operationName=ProductDetailPage') ? get.product : get.catalogue);
    return;
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => send(res, body.includes('ProductDetailPage') ? post.product : post.catalogue));
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});

process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  // Keep-alive sockets of a finished load would hold close() open.
  server.closeAllConnections();
});
