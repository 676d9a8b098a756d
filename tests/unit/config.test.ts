/**
 * TRUST_PROXY reaches Express in the type Express reads it by: a hop count as a number (a string "1" would be
 * taken as the address 0.0.0.1 and trust no proxy), true/false as booleans, anything else as addresses.
 */
import express from 'express';
import { loadConfig } from '../../server/src/config';

const trustProxy = (value: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;

const KEY = Buffer.alloc(32, 1).toString('base64');

describe('KEYS_ENCRYPTION_KEY', () => {
  it('is required in production, and must be 32 bytes in base64', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow('KEYS_ENCRYPTION_KEY is required when NODE_ENV=production');
    expect(() => loadConfig({ ...production, KEYS_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(
      'KEYS_ENCRYPTION_KEY: must be 32 bytes in base64',
    );
    expect(loadConfig({ ...production, KEYS_ENCRYPTION_KEY: KEY }).keysEncryptionKey).toBe(KEY);
  });

  it('may be left unset outside production (generated into DATA_DIR at boot)', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).keysEncryptionKey).toBeUndefined();
  });
});

describe('SEED_DEMO_DATA', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), KEYS_ENCRYPTION_KEY: KEY };

  it('is off in production unless set to true explicitly (generated demo keys would sell)', () => {
    expect(loadConfig(production).seedDemoData).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('is on outside production unless set to false', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });
});

it('refuses TRUST_PROXY=true in production (any client could set its own IP)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), KEYS_ENCRYPTION_KEY: KEY };
  expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(
    /TRUST_PROXY=true trusts any X-Forwarded-For/,
  );
  expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
});

it('reads TRUST_PROXY as a hop count, a boolean or addresses', () => {
  expect(trustProxy('1')).toBe(1);
  expect(trustProxy(' 2 ')).toBe(2);
  expect(trustProxy('true')).toBe(true);
  expect(trustProxy('false')).toBe(false);
  expect(trustProxy('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
  expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe('loopback');
});

it('makes Express trust exactly one hop with TRUST_PROXY=1 (the docker-compose setting)', () => {
  const app = express();
  app.set('trust proxy', trustProxy('1'));
  const trust = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  // nginx on Docker's network is hop 0: trusted whatever its address; the next hop is not.
  expect(trust('172.18.0.5', 0)).toBe(true);
  expect(trust('203.0.113.9', 1)).toBe(false);
});

describe('e-mail settings', () => {
  const mail = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).mail;

  it('defaults: no SMTP server, the store as sender, links to this server', () => {
    expect(mail({ PORT: '4000' })).toEqual({
      smtpUrl: undefined,
      from: 'CryptoCerts <no-reply@store.local>',
      publicUrl: 'http://localhost:4000',
      maxAttempts: 25,
    });
  });

  it('takes smtp:// and smtps:// URLs, and PUBLIC_URL without its trailing slash', () => {
    expect(mail({ SMTP_URL: 'smtp://u:p@mail.example:587' }).smtpUrl).toBe('smtp://u:p@mail.example:587');
    expect(mail({ SMTP_URL: 'smtps://mail.example' }).smtpUrl).toBe('smtps://mail.example');
    expect(mail({ SMTP_URL: ' ' }).smtpUrl).toBeUndefined();
    expect(mail({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
  });

  it('refuses URLs of another kind', () => {
    expect(() => mail({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be a URL starting with smtp:/);
    expect(() => mail({ SMTP_URL: 'mail.example:587' })).toThrow(/SMTP_URL/);
    expect(() => mail({ PUBLIC_URL: 'ftp://shop.example' })).toThrow(/PUBLIC_URL: must be a URL starting with http:/);
  });

  it('in production, sending real mail needs PUBLIC_URL (links would point at localhost)', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      KEYS_ENCRYPTION_KEY: KEY,
      SMTP_URL: 'smtp://mail.example',
    };
    expect(() => loadConfig(production)).toThrow('PUBLIC_URL is required when NODE_ENV=production and SMTP_URL is set');
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://shop.example' }).mail.publicUrl).toBe(
      'https://shop.example',
    );
  });
});

describe('webhook settings', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), KEYS_ENCRYPTION_KEY: KEY };

  it('allows internal addresses outside production only, unless told (SSRF)', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).webhooks).toEqual({ allowPrivateUrls: true, maxAttempts: 14 });
    expect(loadConfig({ NODE_ENV: 'test' }).webhooks.allowPrivateUrls).toBe(true);
    expect(loadConfig(production).webhooks.allowPrivateUrls).toBe(false);
    expect(loadConfig({ ...production, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }).webhooks.allowPrivateUrls).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE_URLS: 'false' }).webhooks.allowPrivateUrls).toBe(false);
  });

  it('takes 1-100 attempts per delivery', () => {
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_MAX_ATTEMPTS: '8' }).webhooks.maxAttempts).toBe(8);
    expect(() => loadConfig({ NODE_ENV: 'test', WEBHOOK_MAX_ATTEMPTS: '0' })).toThrow(/WEBHOOK_MAX_ATTEMPTS/);
    expect(() => loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE_URLS: 'yes' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE_URLS/,
    );
  });
});

describe('CAPTCHA', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), KEYS_ENCRYPTION_KEY: KEY };

  it('is adaptive in production and off outside it unless set, asking past 3 sign-ups or 5 orders per IP an hour', () => {
    expect(loadConfig(production).captcha).toEqual({
      mode: 'adaptive',
      signUpsPerIp: { max: 3, windowSeconds: 3600 },
      checkoutsPerIp: { max: 5, windowSeconds: 3600 },
    });
    expect(loadConfig({ NODE_ENV: 'development' }).captcha.mode).toBe('off');
    expect(loadConfig({ NODE_ENV: 'test' }).captcha.mode).toBe('off');
    expect(loadConfig({ ...production, CAPTCHA: 'off' }).captcha.mode).toBe('off');
    expect(loadConfig({ NODE_ENV: 'development', CAPTCHA: 'always' }).captcha.mode).toBe('always');
    const counts = loadConfig({ CAPTCHA_SIGNUPS_PER_IP: '10', CAPTCHA_CHECKOUTS_PER_IP: '0' }).captcha;
    expect([counts.signUpsPerIp.max, counts.checkoutsPerIp.max]).toEqual([10, 0]);
  });

  it('refuses other modes and counts', () => {
    expect(() => loadConfig({ CAPTCHA: 'sometimes' })).toThrow('CAPTCHA');
    expect(() => loadConfig({ CAPTCHA_CHECKOUTS_PER_IP: '-1' })).toThrow('CAPTCHA_CHECKOUTS_PER_IP');
  });
});
