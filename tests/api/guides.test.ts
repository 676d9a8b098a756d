import { MESSAGES } from '../../common/validation';
import { startTestServer, type TestServer } from '../support/test-server';

const GUIDES = `query Guides($search: String, $category: GuideCategory) {
  guides(search: $search, category: $category) { id title serverType category content steps helpfulCount views }
}`;

interface Guide {
  title: string;
  serverType: string;
  category: string;
  steps: string[];
  views: number;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function guides(variables: Record<string, unknown> = {}, token?: string): Promise<Guide[]> {
  const res = await server.gql<{ guides: Guide[] }>(GUIDES, variables, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.guides;
}

describe('guides', () => {
  it('lists every guide, most viewed first, with steps', async () => {
    const all = await guides();
    expect(all.length).toBe(12);
    const views = all.map((g) => g.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(all[0]).toMatchObject({
      title: 'Install an SSL Certificate in cPanel',
      serverType: 'cPanel',
      category: 'HOSTING_PANEL',
    });
    expect(all.every((g) => g.steps.length > 0)).toBe(true);
    expect(new Set(all.map((g) => g.category))).toEqual(new Set(['HOSTING_PANEL', 'WEB_SERVER', 'OTHER']));
  });

  it('filters by category, keeping the views order', async () => {
    for (const category of ['HOSTING_PANEL', 'WEB_SERVER', 'OTHER']) {
      const list = await guides({ category });
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((g) => g.category === category)).toBe(true);
      const views = list.map((g) => g.views);
      expect(views).toEqual([...views].sort((a, b) => b - a));
    }
    expect((await guides({ category: 'WEB_SERVER' })).map((g) => g.serverType)).toEqual([
      'Nginx',
      'Apache',
      'IIS',
      'Tomcat',
      'HAProxy',
    ]);
  });

  it('searches title and server type case-insensitively, trimmed', async () => {
    expect((await guides({ search: 'NGINX' })).map((g) => g.title)).toEqual(['Install an SSL Certificate on Nginx']);
    expect((await guides({ search: '  iis ' })).map((g) => g.serverType)).toEqual(['IIS']);
    // "keystore" is only in a title; "openssl" is a server type of three guides and in one more title.
    expect((await guides({ search: 'keystore' })).map((g) => g.serverType)).toEqual(['Tomcat']);
    const openssl = await guides({ search: 'openssl' });
    expect(openssl.map((g) => g.title)).toEqual([
      'Generate a CSR and Private Key with OpenSSL',
      'Verify an SSL Installation and Fix Chain Errors',
      'Convert Certificates Between PEM, PFX, DER and P7B',
    ]);
    expect(await guides({ search: 'no such guide' })).toEqual([]);
  });

  it('does not search the content or steps', async () => {
    await server.sql(
      `INSERT INTO installation_guides (title, server_type, category, content, steps, views)
       VALUES ('Caddy Quick Start', 'Caddy', 'WEB_SERVER', 'Zebrafish content', '["Zebrafish step"]', 0)`,
    );
    expect(await guides({ search: 'zebrafish' })).toEqual([]);
    expect((await guides({ search: 'caddy' })).map((g) => g.title)).toEqual(['Caddy Quick Start']);
    await server.sql(`DELETE FROM installation_guides WHERE title = 'Caddy Quick Start'`);
  });

  it('combines search and category', async () => {
    expect(
      (await guides({ search: 'ssl certificate in', category: 'HOSTING_PANEL' })).map((g) => g.serverType),
    ).toEqual(['cPanel', 'Plesk', 'DirectAdmin']);
    expect(await guides({ search: 'nginx', category: 'OTHER' })).toEqual([]);
  });

  it('treats % and _ in the search as plain characters', async () => {
    await server.sql(
      `INSERT INTO installation_guides (title, server_type, category, content, steps, views)
       VALUES ('100% Uptime_Checklist', 'Any', 'OTHER', 'x', '["one"]', 1)`,
    );
    expect((await guides({ search: '%' })).map((g) => g.title)).toEqual(['100% Uptime_Checklist']);
    expect((await guides({ search: '_' })).map((g) => g.title)).toEqual(['100% Uptime_Checklist']);
    expect((await guides({ search: '0%_u' })).map((g) => g.title)).toEqual([]);
    expect((await guides({ search: '\\' })).map((g) => g.title)).toEqual([]);
    await server.sql(`DELETE FROM installation_guides WHERE title = '100% Uptime_Checklist'`);
  });

  it('treats a blank search as no filter', async () => {
    expect((await guides({ search: '   ' })).length).toBe(12);
    expect((await guides({ search: '' })).length).toBe(12);
  });

  it('refuses a search over 100 characters', async () => {
    expect(await guides({ search: 'x'.repeat(100) })).toEqual([]);
    const res = await server.gql(GUIDES, { search: 'x'.repeat(101) });
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({
      message: MESSAGES.guideSearchTooLong,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'search', message: MESSAGES.guideSearchTooLong }] },
    });
  });

  it('refuses an unknown category', async () => {
    const res = await server.gql(GUIDES, { category: 'DATABASE' });
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('is public: the same list signed out, as a customer and as an admin', async () => {
    const customer = await server.createUser();
    const admin = await server.createUser({ admin: true });
    const anonymous = await guides({ search: 'ssl' });
    expect(anonymous.length).toBeGreaterThan(0);
    expect(await guides({ search: 'ssl' }, customer.token)).toEqual(anonymous);
    expect(await guides({ search: 'ssl' }, admin.token)).toEqual(anonymous);
  });
});
