/**
 * TRUST_PROXY reaches Express in the type Express reads it by: a hop count as a number (a string "1" would be
 * taken as the address 0.0.0.1 and trust no proxy), true/false as booleans, anything else as addresses.
 */
import express from 'express';
import { loadConfig } from '../../server/src/config';

const trustProxy = (value: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;

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
