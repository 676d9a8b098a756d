/**
 * Store settings (docs/product.md "Store settings"): the defaults until the owner saves, a save checked field by field
 * (nothing written when a field is refused), only staff with CATALOGUE may save, and every process drops its kept copy
 * on the bus: a second app on the same database shows the new settings without a restart.
 */
import { DEFAULT_STORE_SETTINGS, STORE_SETTINGS_MESSAGES } from '../../common/store-settings';
import { NotificationService } from '../../server/src/notifications/notification.service';
import { startTestServer, type TestServer, type TestUser } from '../support/test-server';

let server: TestServer;
let other: TestServer;
let owner: TestUser;

const READ = `{ storeSettings { storeName supportEmail supportPhone supportHours timeZone termsText refundText privacyText updatedAt } }`;
const SAVE = `mutation ($input: StoreSettingsInput!) { updateStoreSettings(input: $input) { storeName timeZone updatedAt } }`;

const input = (overrides: Record<string, unknown> = {}) => ({
  storeName: 'Keys & Certs Ltd',
  supportEmail: 'help@keys.example',
  supportPhone: '+49 30 1234567',
  supportHours: 'Mon-Sat 8AM-6PM',
  timeZone: 'Europe/Berlin',
  termsText: 'Our terms.\n\nSecond paragraph.',
  refundText: 'Our refund policy.',
  privacyText: 'Our privacy policy.',
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer();
  other = await startTestServer({ database: { name: server.databaseName, url: server.databaseUrl } });
  owner = await server.createUser({ admin: true });
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

async function settingsOf(app: TestServer) {
  const res = await app.gql(READ);
  expect(res.errors).toBeUndefined();
  return res.data!.storeSettings;
}

it('answers the defaults to anyone until the owner saves', async () => {
  expect(await settingsOf(server)).toEqual({ ...DEFAULT_STORE_SETTINGS, updatedAt: null });
});

it('refuses a malformed field by name and writes nothing', async () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', STORE_SETTINGS_MESSAGES.timeZoneInvalid],
    [{ storeName: '   ' }, 'storeName', STORE_SETTINGS_MESSAGES.storeNameRequired],
    [{ storeName: 'x'.repeat(61) }, 'storeName', STORE_SETTINGS_MESSAGES.storeNameTooLong],
    [{ supportPhone: 'call us' }, 'supportPhone', STORE_SETTINGS_MESSAGES.phoneInvalid],
    [{ termsText: 'x'.repeat(20_001) }, 'termsText', STORE_SETTINGS_MESSAGES.textTooLong],
    [{ privacyText: 'bad\u0007text' }, 'privacyText', STORE_SETTINGS_MESSAGES.charactersInvalid],
    [{ refundText: null }, 'refundText', STORE_SETTINGS_MESSAGES.textRequired],
  ];
  for (const [change, field, message] of cases) {
    const res = await server.gql(SAVE, { input: input(change) }, { token: owner.token });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field, message }] });
  }
  expect(await server.sql(`SELECT * FROM store_settings`)).toEqual([]);
});

it('lets only staff with the CATALOGUE permission save', async () => {
  const support = await server.createUser({ staffRole: 'SUPPORT' });
  const customer = await server.createUser();
  const refused = await server.gql(SAVE, { input: input() }, { token: support.token });
  expect(refused.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', permission: 'CATALOGUE' });
  expect((await server.gql(SAVE, { input: input() }, { token: customer.token })).errors?.[0].extensions?.code).toBe(
    'FORBIDDEN',
  );
  expect((await server.gql(SAVE, { input: input() })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  expect(await server.sql(`SELECT * FROM store_settings`)).toEqual([]);
});

it('saves the settings, and another process drops its kept copy on the bus', async () => {
  // Both processes have read (and keep) the defaults.
  expect((await settingsOf(other)).storeName).toBe(DEFAULT_STORE_SETTINGS.storeName);

  const saved = await server.gql(SAVE, { input: input({ storeName: '  Keys & Certs Ltd  ' }) }, { token: owner.token });
  expect(saved.errors).toBeUndefined();
  expect(saved.data!.updateStoreSettings).toMatchObject({ storeName: 'Keys & Certs Ltd', timeZone: 'Europe/Berlin' });
  // The process that saved shows them at once, and its e-mails carry them.
  expect(await settingsOf(server)).toMatchObject({ ...input(), updatedAt: expect.any(String) });
  expect(server.app.container.get(NotificationService).mailContext).toMatchObject({
    storeName: 'Keys & Certs Ltd',
    supportEmail: 'help@keys.example',
  });

  // The other one once the table's notification arrived (it would keep the defaults forever without it).
  const deadline = Date.now() + 5_000;
  let seen = await settingsOf(other);
  while (seen.storeName !== 'Keys & Certs Ltd' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await settingsOf(other);
  }
  expect(seen).toMatchObject(input());
  expect(other.app.container.get(NotificationService).mailContext.storeName).toBe('Keys & Certs Ltd');

  // An operator's SQL is heard the same way (the trigger publishes every change).
  await server.sql(`UPDATE store_settings SET store_name = 'Renamed by SQL'`);
  const sqlDeadline = Date.now() + 5_000;
  let renamed = await settingsOf(other);
  while (renamed.storeName !== 'Renamed by SQL' && Date.now() < sqlDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    renamed = await settingsOf(other);
  }
  expect(renamed.storeName).toBe('Renamed by SQL');
  expect((await settingsOf(server)).storeName).toBe('Renamed by SQL');
});
