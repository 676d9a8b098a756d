/**
 * Limits and error hygiene (docs/graphql-api.md "Limits", "Errors"), over HTTP and over graphql-ws: depth, aliases,
 * tokens, body and message sizes, CSRF preflight for multipart, no stack traces, unexpected errors masked.
 */
import WebSocket from 'ws';
import { setLogDestination } from '../../server/src/core/logger';
import { PNG_1x1, startTestServer, subscribeOnce, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const cyclicIntrospection = (levels: number) => {
  let body = 'name';
  for (let i = 0; i < levels; i++) body = `fields { type { ${body} } }`;
  return `{ __type(name: "Product") { ${body} } }`;
};
const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: products { id }`).join(' ')} }`;
const manyTokens = (n: number) => `{ products { ${Array.from({ length: n }, () => 'id').join(' ')} } }`;

describe('over HTTP', () => {
  it('refuses a query nested too deep', async () => {
    const res = await server.gql(cyclicIntrospection(10));
    expect(res.status).toBe(400);
    expect(res.errors?.[0]).toMatchObject({
      message: 'Query is too deep: the limit is 8 levels',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
  });

  it('allows 15 aliases and refuses 16', async () => {
    expect((await server.gql(aliased(15))).errors).toBeUndefined();
    const res = await server.gql(aliased(16));
    expect(res.errors?.[0].message).toBe('Too many aliases: the limit is 15');
  });

  it('refuses a document of more than 1000 tokens', async () => {
    const res = await server.gql(manyTokens(1000));
    expect(res.status).toBe(400);
    expect(res.errors?.[0].message).toMatch(/more tha[nt] 1000 tokens/);
    expect(res.errors?.[0].extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('refuses a JSON body over 100 kB', async () => {
    const res = await server.gql(`{ products { id } }`, { padding: 'x'.repeat(101 * 1024) });
    expect(res.status).toBe(413);
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('refuses multipart without the preflight header before reading it', async () => {
    const res = await server.upload(
      `mutation ($proof: Upload) { __typename }`,
      {},
      { name: 'p.png', type: 'image/png', bytes: PNG_1x1 },
      { preflight: false },
    );
    expect(res.status).toBe(400);
    expect(res.errors?.[0].message).toMatch(/Apollo-Require-Preflight/);
  });

  it('answers malformed JSON with a client error, not a crash', async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.js:\d+/);
  });

  it('masks unexpected failures as INTERNAL_SERVER_ERROR with an id that is logged, never a stack or SQL', async () => {
    const logged: string[] = [];
    const previous = setLogDestination({ write: (line: string) => void logged.push(line) });
    try {
      // A real failure: the table the resolver reads is gone.
      await server.sql(`ALTER TABLE installation_guides RENAME TO guides_gone`);
      const res = await server.gql(`{ guides { id } }`);
      expect(res.errors).toHaveLength(1);
      const [error] = res.errors!;
      expect(error.message).toBe('Internal server error');
      expect(error.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(error.extensions?.errorId).toMatch(/^[0-9a-f-]{36}$/);
      expect(error.extensions?.stacktrace).toBeUndefined();
      expect(JSON.stringify(res.errors)).not.toMatch(/guides_gone|installation_guides|relation|QueryFailedError/);
      expect(logged.join('')).toContain(error.extensions!.errorId);
    } finally {
      setLogDestination(previous);
      await server.sql(`ALTER TABLE guides_gone RENAME TO installation_guides`);
    }
  });

  it('never sends stack traces with client errors', async () => {
    const res = await server.gql(`{ nope }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions?.stacktrace).toBeUndefined();
  });
});

describe('over graphql-ws', () => {
  const firstError = async (query: string) => {
    const client = server.ws();
    const sub = subscribeOnce(client, { query });
    const result = await sub.next();
    sub.dispose();
    return result.errors?.[0];
  };

  it('applies the depth limit', async () => {
    expect((await firstError(cyclicIntrospection(10)))?.message).toBe('Query is too deep: the limit is 8 levels');
  });

  it('applies the alias limit', async () => {
    expect((await firstError(aliased(16)))?.message).toBe('Too many aliases: the limit is 15');
  });

  it('applies the token limit', async () => {
    expect((await firstError(manyTokens(1000)))?.message).toMatch(/more tha[nt] 1000 tokens/);
  });

  it('answers a variable of the wrong type with BAD_USER_INPUT, not a masked internal error', async () => {
    const user = await server.createUser();
    const sub = subscribeOnce(server.ws(user.token), {
      query: `subscription ($orderId: ID!) { orderUpdated(orderId: $orderId) { id } }`,
      variables: { orderId: { not: 'an id' } },
    });
    const error = (await sub.next()).errors?.[0];
    sub.dispose();
    expect(error?.message).toMatch(/^Variable "\$orderId" got invalid value/);
    expect(error?.extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });

  it('closes a connection that sends a message over 100 kB', async () => {
    const socket = new WebSocket(server.wsUrl, 'graphql-transport-ws');
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    // The server runs in this process: what it would print on its terminal is seen here.
    const stderr = jest.spyOn(console, 'error');
    try {
      socket.send(JSON.stringify({ type: 'connection_init', payload: { padding: 'x'.repeat(101 * 1024) } }));
      expect(await closed).toBe(1009);
      // A client's oversized frame is one log line, not a stack trace on the server's stderr per attempt.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
    }
  });
});

describe('developer surface', () => {
  it('GET /graphql in a browser opens the bundled GraphiQL (no CDN)', async () => {
    const res = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('GraphiQL');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)[^"']*\.(js|css)/);
  });

  it('GET /graphql from an API client still reaches the API', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ products { slug } }')}`, {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { products: unknown[] } };
    expect(body.data.products.length).toBeGreaterThan(0);
  });
});
