/**
 * Refresh sessions through the real Set-Cookie header (docs/architecture.md "Sessions"): cookie attributes, rotation on
 * every refreshSession, reuse of a rotated cookie revoking its whole family after a 30 s grace, signOut, expiry,
 * and rotation under concurrency.
 */
import { eventually } from '../support/eventually';
import { setTimeout as sleep } from 'node:timers/promises';
import { createHash } from 'node:crypto';
import { MESSAGES } from '../../common/validation';
import { startTestServer, type GqlResponse, type TestServer, type TestUser } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken expiresAt viewer { id isAdmin } } }`;
const REFRESH = `mutation { refreshSession { accessToken expiresAt viewer { id email isAdmin } } }`;
const SIGN_OUT = `mutation { signOut }`;

/** The store_refresh Set-Cookie line of a response, or undefined. */
function setCookieLine(res: GqlResponse): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith('store_refresh='));
}

/** What a browser would send back: `store_refresh=<value>`. */
function cookieOf(res: GqlResponse): string {
  const line = setCookieLine(res);
  if (!line) throw new Error('no store_refresh cookie was set');
  return line.split(';')[0];
}

function tokenHash(cookie: string): string {
  return createHash('sha256')
    .update(decodeURIComponent(cookie.split('=')[1]))
    .digest('hex');
}

function jwtPayload(token: string): { sub: string; roles: string[]; exp: number; iat: number } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

async function signIn(user: TestUser, headers?: Record<string, string>): Promise<GqlResponse> {
  const res = await server.gql(SIGN_IN, { input: { email: user.email, password: user.password } }, { headers });
  expect(res.errors).toBeUndefined();
  return res;
}

function expectUnauthenticated(res: GqlResponse): void {
  expect(res.data).toBeNull();
  expect(res.errors).toEqual([
    expect.objectContaining({ message: MESSAGES.sessionExpired, extensions: { code: 'UNAUTHENTICATED' } }),
  ]);
}

describe('the refresh cookie', () => {
  it('is httpOnly, SameSite=Lax, limited to /graphql, lasts 30 days and is not Secure over plain http', async () => {
    const res = await signIn(await server.createUser());
    const attributes = setCookieLine(res)!
      .split(';')
      .map((part) => part.trim());
    expect(attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/graphql', `Max-Age=${30 * 24 * 60 * 60}`]),
    );
    expect(attributes).not.toContain('Secure');
    const expires = new Date(attributes.find((a) => a.startsWith('Expires='))!.slice('Expires='.length)).getTime();
    expect(Math.abs(expires - (Date.now() + 30 * 24 * 3600 * 1000))).toBeLessThan(60_000);
  });

  it('is Secure when the request came over https through a trusted proxy', async () => {
    const res = await signIn(await server.createUser(), { 'x-forwarded-proto': 'https' });
    expect(
      setCookieLine(res)!
        .split(';')
        .map((part) => part.trim()),
    ).toContain('Secure');
  });

  it('holds 32 random bytes, stored only as their SHA-256 with a 30-day expiry', async () => {
    const user = await server.createUser();
    const cookie = cookieOf(await signIn(user));
    const value = cookie.split('=')[1];
    expect(Buffer.from(value, 'base64url')).toHaveLength(32);
    const rows = await server.sql(
      `SELECT token_hash, round(extract(epoch FROM expires_at - now()) / 86400) AS days FROM sessions WHERE user_id = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ token_hash: tokenHash(cookie), days: '30' }]);
    expect(JSON.stringify(rows)).not.toContain(value);
  });

  it('is set by signUp too, and refreshes', async () => {
    const res = await server.gql(`mutation ($input: SignUpInput!) { signUp(input: $input) { viewer { id } } }`, {
      input: { fullName: 'New Customer', email: `fresh-${Date.now()}@example.com`, password: 'Fresh1234' },
    });
    const refreshed = await server.gql(REFRESH, {}, { cookie: cookieOf(res) });
    expect(refreshed.errors).toBeUndefined();
    expect(refreshed.data!.refreshSession.viewer.id).toBe(res.data!.signUp.viewer.id);
  });
});

describe('refreshSession', () => {
  it('returns a new access token and rotates the cookie within the same family', async () => {
    const user = await server.createUser();
    const first = cookieOf(await signIn(user));
    const res = await server.gql(REFRESH, {}, { cookie: first });
    expect(res.errors).toBeUndefined();
    const payload = res.data!.refreshSession;
    expect(payload.viewer).toEqual({ id: user.id, email: user.email, isAdmin: false });
    expect(jwtPayload(payload.accessToken)).toMatchObject({ sub: user.id, roles: [] });
    expect((await server.gql(`{ me { id } }`, {}, { token: payload.accessToken })).data!.me.id).toBe(user.id);

    const second = cookieOf(res);
    expect(second).not.toBe(first);
    const [old] = await server.sql(`SELECT * FROM sessions WHERE token_hash = $1`, [tokenHash(first)]);
    const [next] = await server.sql(`SELECT * FROM sessions WHERE token_hash = $1`, [tokenHash(second)]);
    expect(old.revoked_at).not.toBeNull();
    expect(old.replaced_by).toBe(next.id);
    expect(next).toMatchObject({ family_id: old.family_id, user_id: user.id, revoked_at: null, replaced_by: null });

    // and the new cookie rotates again
    const third = await server.gql(REFRESH, {}, { cookie: second });
    expect(third.errors).toBeUndefined();
    expect(cookieOf(third)).not.toBe(second);
  });

  it('revokes the whole family when a cookie rotated more than 30 s ago is used again', async () => {
    const user = await server.createUser();
    const first = cookieOf(await signIn(user));
    const rotated = await server.gql(REFRESH, {}, { cookie: first });
    const second = cookieOf(rotated);
    // The access token of the rotated family (a thief's, when the reused cookie is the victim's), used once: cached.
    const familyToken = rotated.data!.refreshSession.accessToken as string;
    const PROFILE = `mutation { updateProfile(input: { fullName: "Reuse Test", companyName: "", phone: "" }) { id } }`;
    expect((await server.gql(PROFILE, {}, { token: familyToken })).errors).toBeUndefined();
    await server.sql(`UPDATE sessions SET revoked_at = now() - interval '31 seconds' WHERE token_hash = $1`, [
      tokenHash(first),
    ]);
    // Another device's session of the same user must survive.
    const otherDevice = cookieOf(await signIn(user));

    const reuse = await server.gql(REFRESH, {}, { cookie: first });
    expectUnauthenticated(reuse);
    expect(setCookieLine(reuse)).toMatch(/^store_refresh=;.*Expires=Thu, 01 Jan 1970/);

    const [{ family_id }] = await server.sql(`SELECT family_id FROM sessions WHERE token_hash = $1`, [
      tokenHash(first),
    ]);
    const family = await server.sql(`SELECT revoked_at FROM sessions WHERE family_id = $1`, [family_id]);
    expect(family).toHaveLength(2);
    expect(family.every((row) => row.revoked_at !== null)).toBe(true);

    // the newest cookie of that family is dead too, and so is its access token, in every process (accounts event)
    expectUnauthenticated(await server.gql(REFRESH, {}, { cookie: second }));
    await eventually(
      async () =>
        (await server.gql(PROFILE, {}, { token: familyToken })).errors?.[0]?.extensions?.code === 'UNAUTHENTICATED',
      5000,
      "the revoked family's access token refused",
    );
    // the other family is not
    expect((await server.gql(REFRESH, {}, { cookie: otherDevice })).errors).toBeUndefined();
  });

  it('still refreshes with a cookie rotated within 30 s (its answer was lost to a page that navigated away)', async () => {
    const user = await server.createUser();
    const first = cookieOf(await signIn(user));
    // The browser never stored this answer: the page that asked was left before it arrived.
    const lost = cookieOf(await server.gql(REFRESH, {}, { cookie: first }));

    const again = await server.gql(REFRESH, {}, { cookie: first });
    expect(again.errors).toBeUndefined();
    expect(again.data!.refreshSession.viewer.id).toBe(user.id);
    const sibling = cookieOf(again);
    expect([first, lost]).not.toContain(sibling);
    // The family lives on, through the cookie the browser holds now and the one it never stored.
    expect((await server.gql(REFRESH, {}, { cookie: sibling })).errors).toBeUndefined();
    expect((await server.gql(REFRESH, {}, { cookie: lost })).errors).toBeUndefined();
  });

  it('does not revive a signed-out family through a cookie rotated within 30 s', async () => {
    const user = await server.createUser();
    const first = cookieOf(await signIn(user));
    const second = cookieOf(await server.gql(REFRESH, {}, { cookie: first }));
    expect((await server.gql(SIGN_OUT, {}, { cookie: second })).errors).toBeUndefined();

    expectUnauthenticated(await server.gql(REFRESH, {}, { cookie: first }));
    const [{ family_id }] = await server.sql(`SELECT family_id FROM sessions WHERE token_hash = $1`, [
      tokenHash(first),
    ]);
    const family = await server.sql(`SELECT revoked_at FROM sessions WHERE family_id = $1`, [family_id]);
    expect(family).toHaveLength(2);
    expect(family.every((row) => row.revoked_at !== null)).toBe(true);
  });

  it('gives each of several concurrent refreshes with one cookie its own successor (two tabs opened at once)', async () => {
    const user = await server.createUser();
    const cookie = cookieOf(await signIn(user));
    const results = await Promise.all(Array.from({ length: 6 }, () => server.gql(REFRESH, {}, { cookie })));
    for (const res of results) expect(res.errors).toBeUndefined();
    const successors = results.map(cookieOf);
    expect(new Set(successors).size).toBe(6);
    const [{ family_id }] = await server.sql(`SELECT family_id FROM sessions WHERE token_hash = $1`, [
      tokenHash(cookie),
    ]);
    const family = await server.sql(`SELECT token_hash, revoked_at FROM sessions WHERE family_id = $1`, [family_id]);
    expect(family).toHaveLength(7);
    // only the presented cookie was rotated; each successor is live
    expect(family.filter((row) => row.revoked_at !== null).map((row) => row.token_hash)).toEqual([tokenHash(cookie)]);
    for (const successor of successors) {
      expect((await server.gql(REFRESH, {}, { cookie: successor })).errors).toBeUndefined();
    }
  });

  it('leaves no token of a family alive when it ends while a stolen cookie is being refreshed in a loop', async () => {
    // A thief refreshes a stolen cookie as fast as the store answers while the owner signs out (the family's end)
    // or comes back with a cookie rotated long ago (reuse): the token whose rotation was in flight must end too.
    const survivors: string[] = [];
    for (const how of ['signOut', 'reuse', 'signOut', 'reuse', 'signOut', 'reuse', 'signOut', 'reuse'] as const) {
      const user = await server.createUser();
      const owner = cookieOf(await signIn(user));
      let thief = cookieOf(await server.gql(REFRESH, {}, { cookie: owner }));
      if (how === 'reuse') {
        await server.sql(`UPDATE sessions SET revoked_at = now() - interval '31 seconds' WHERE token_hash = $1`, [
          tokenHash(owner),
        ]);
      }
      let stop = false;
      const loop = (async () => {
        while (!stop) {
          const res = await server.gql(REFRESH, {}, { cookie: thief });
          if (res.errors) return;
          thief = cookieOf(res);
        }
      })();
      await sleep(30);
      const ended = await server.gql(how === 'signOut' ? SIGN_OUT : REFRESH, {}, { cookie: owner });
      if (how === 'signOut') expect(ended.data).toEqual({ signOut: true });
      else expectUnauthenticated(ended);
      await sleep(30);
      stop = true;
      await loop;
      if (!(await server.gql(REFRESH, {}, { cookie: thief })).errors) survivors.push(how);
      const [{ live }] = await server.sql(
        `SELECT count(*)::int AS live FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`,
        [user.id],
      );
      if (live > 0) survivors.push(`${how}: ${live} live rows`);
    }
    expect(survivors).toEqual([]);
  });

  it('refuses an account past 120 refreshes in 10 minutes without rotating, and refreshes again after', async () => {
    const user = await server.createUser();
    const cookie = cookieOf(await signIn(user));
    const key = `refresh:account:${user.id}`;
    await server.sql(`INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, now(), 120)`, [key]);
    const refused = await server.gql(REFRESH, {}, { cookie });
    expect(refused.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect(setCookieLine(refused)).toBeUndefined();
    const [{ rows }] = await server.sql(`SELECT count(*)::int AS rows FROM sessions WHERE user_id = $1`, [user.id]);
    expect(rows).toBe(1);
    // Its window over, the same cookie (never rotated) refreshes.
    await server.sql(`UPDATE rate_limits SET window_start = now() - interval '11 minutes' WHERE key = $1`, [key]);
    expect((await server.gql(REFRESH, {}, { cookie })).errors).toBeUndefined();
  });

  it('mints tokens with the roles the database holds now', async () => {
    const user = await server.createUser();
    const cookie = cookieOf(await signIn(user));
    await server.sql(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'OWNER')`, [user.id]);
    const res = await server.gql(REFRESH, {}, { cookie });
    expect(res.data!.refreshSession.viewer.isAdmin).toBe(true);
    expect(jwtPayload(res.data!.refreshSession.accessToken).roles).toEqual(['OWNER']);
  });

  it('issues access tokens that expire after 15 minutes', async () => {
    const res = await signIn(await server.createUser());
    const { iat, exp } = jwtPayload(res.data!.signIn.accessToken);
    expect(exp - iat).toBe(15 * 60);
    expect(Math.abs(new Date(res.data!.signIn.expiresAt).getTime() / 1000 - exp)).toBeLessThanOrEqual(1);
  });

  it('refuses a request without a cookie', async () => {
    expectUnauthenticated(await server.gql(REFRESH));
  });

  it('refuses an unknown cookie', async () => {
    expectUnauthenticated(await server.gql(REFRESH, {}, { cookie: 'store_refresh=bm90LWEtcmVhbC10b2tlbg' }));
  });

  it('refuses an expired cookie', async () => {
    const user = await server.createUser();
    const cookie = cookieOf(await signIn(user));
    await server.sql(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      tokenHash(cookie),
    ]);
    expectUnauthenticated(await server.gql(REFRESH, {}, { cookie }));
  });

  it('finds its cookie among others in the Cookie header', async () => {
    const cookie = cookieOf(await signIn(await server.createUser()));
    const res = await server.gql(REFRESH, {}, { cookie: `theme=dark; ${cookie}; other=1` });
    expect(res.errors).toBeUndefined();
  });

  it('refuses the cookie of a deleted account', async () => {
    const user = await server.createUser();
    const cookie = cookieOf(await signIn(user));
    await server.sql(`DELETE FROM users WHERE id = $1`, [user.id]);
    expectUnauthenticated(await server.gql(REFRESH, {}, { cookie }));
  });
});

describe('signOut', () => {
  it('revokes the session, clears the cookie and returns true', async () => {
    const user = await server.createUser();
    const first = cookieOf(await signIn(user));
    const cookie = cookieOf(await server.gql(REFRESH, {}, { cookie: first }));
    const res = await server.gql(SIGN_OUT, {}, { cookie });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ signOut: true });
    const cleared = setCookieLine(res)!;
    expect(cleared).toMatch(/^store_refresh=;/);
    expect(cleared).toContain('Expires=Thu, 01 Jan 1970');
    expect(cleared).toContain('Path=/graphql');

    const rows = await server.sql(`SELECT revoked_at FROM sessions WHERE user_id = $1`, [user.id]);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
    expectUnauthenticated(await server.gql(REFRESH, {}, { cookie }));
  });

  it('leaves the same user’s other sessions alone', async () => {
    const user = await server.createUser();
    const laptop = cookieOf(await signIn(user));
    const phone = cookieOf(await signIn(user));
    await server.gql(SIGN_OUT, {}, { cookie: laptop });
    expectUnauthenticated(await server.gql(REFRESH, {}, { cookie: laptop }));
    expect((await server.gql(REFRESH, {}, { cookie: phone })).errors).toBeUndefined();
  });

  it('returns true without a cookie too', async () => {
    const res = await server.gql(SIGN_OUT);
    expect(res.data).toEqual({ signOut: true });
  });
});
