import net from 'node:net';
import { startTestServer, PNG_1x1, type TestServer } from '../support/test-server';
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ env: { LOG_LEVEL: 'warn' } }); });
afterAll(() => server.close());

function raw(port: number, head: string, body: Buffer, opts: { end?: boolean }): Promise<string> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    let out = '';
    s.on('data', (d) => (out += d.toString()));
    s.on('close', () => resolve(out));
    s.on('error', () => resolve(out + '[error]'));
    s.write(head);
    s.write(body);
    if (opts.end) s.end();
    setTimeout(() => s.destroy(), 1500);
  });
}
it('probe', async () => {
  const u = await server.createUser();
  const port = Number(new URL(server.url).port);
  const b = 'XBOUNDARYX';
  const ops = JSON.stringify({ query: 'mutation ($input: PlaceOrderInput!, $proof: Upload) { placeOrder(input: $input, proof: $proof) { id } }', variables: { input: { productId: '00000000-0000-0000-0000-000000000000', quantity: 1, email: u.email, paymentMethod: 'USDT_TRC20' }, proof: null } });
  const full = Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${ops}\r\n--${b}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.proof"]}\r\n--${b}\r\nContent-Disposition: form-data; name="0"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG_1x1, Buffer.alloc(5000), Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  for (const cut of [40, ops.length + 100, full.length - 3000]) {
    const body = full.subarray(0, cut);
    const head = `POST /graphql HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${u.token}\r\nApollo-Require-Preflight: true\r\nContent-Type: multipart/form-data; boundary=${b}\r\nContent-Length: ${cut}\r\nConnection: close\r\n\r\n`;
    console.log('cut', cut, JSON.stringify(await raw(port, head, body, {})));
    const head2 = `POST /graphql HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${u.token}\r\nApollo-Require-Preflight: true\r\nContent-Type: multipart/form-data; boundary=${b}\r\nContent-Length: ${full.length}\r\nConnection: close\r\n\r\n`;
    console.log('cut-closing', cut, JSON.stringify(await raw(port, head2, body, { end: true })));
  }
});
