/**
 * Migration 1765400000000 (chain records keyed by payment method, docs/payments.md "Two ways in"): rows written
 * under the old key (network) move to their method (tron → usdt_trc20, eth and btc as they were), two methods on one
 * chain and one address then keep their own watch position and their own payment of one transaction output, and
 * `down` puts the networks back.
 */
import { Client } from 'pg';
import type { QueryRunner } from 'typeorm';
import { ChainRecordsByMethod1765400000000 } from '../../server/src/db/migrations/1765400000000-chain-records-by-method';
import { createTestDatabase, dropTestDatabase } from '../support/database';

let database: { name: string; url: string };
let client: Client;

beforeAll(async () => {
  database = await createTestDatabase();
  client = new Client({ connectionString: database.url });
  await client.connect();
}, 30_000);

afterAll(async () => {
  await client?.end();
  if (database) await dropTestDatabase(database.name);
});

const rows = async (sql: string) => (await client.query(sql)).rows;

it('re-keys positions and payments by method, lets two methods share a chain and address, and goes back down', async () => {
  const migration = new ChainRecordsByMethod1765400000000();
  const runner = { query: (sql: string) => client.query(sql) } as unknown as QueryRunner;

  // The shape before: keyed by network.
  await migration.down(runner);
  await client.query(`INSERT INTO chain_watch_positions (network, address, position)
                      VALUES ('eth', '0xabc', 10), ('tron', 'TAbc', 20), ('btc', 'bc1qabc', 30)`);
  await client.query(`INSERT INTO chain_payments (network, tx_id, output_index, to_address, amount, required_confirmations)
                      VALUES ('eth', '0x01', 0, '0xabc', 1, 3), ('tron', 'aa', 0, 'TAbc', 1, 1),
                             ('btc', 'bb', 1, 'bc1qabc', 1, 2)`);

  await migration.up(runner);
  expect(await rows(`SELECT method, address, position::int FROM chain_watch_positions ORDER BY method`)).toEqual([
    { method: 'btc', address: 'bc1qabc', position: 30 },
    { method: 'eth', address: '0xabc', position: 10 },
    { method: 'usdt_trc20', address: 'TAbc', position: 20 },
  ]);
  expect(await rows(`SELECT method, tx_id, output_index FROM chain_payments ORDER BY method`)).toEqual([
    { method: 'btc', tx_id: 'bb', output_index: 1 },
    { method: 'eth', tx_id: '0x01', output_index: 0 },
    { method: 'usdt_trc20', tx_id: 'aa', output_index: 0 },
  ]);
  expect(
    await rows(`SELECT column_name FROM information_schema.columns
                     WHERE table_name IN ('chain_payments', 'chain_watch_positions') AND column_name = 'network'`),
  ).toEqual([]);

  // A token on Ethereum beside ETH, at the same address: its own place, and its own payment in the same output.
  await client.query(
    `INSERT INTO chain_watch_positions (method, address, position) VALUES ('token_on_eth', '0xabc', 5)`,
  );
  await client.query(`INSERT INTO chain_payments (method, tx_id, output_index, to_address, amount, required_confirmations)
                      VALUES ('token_on_eth', '0x01', 0, '0xabc', 2, 3)`);
  await expect(
    client.query(`INSERT INTO chain_watch_positions (method, address, position) VALUES ('eth', '0xabc', 11)`),
  ).rejects.toThrow(/chain_watch_positions_pkey/);
  await expect(
    client.query(`INSERT INTO chain_payments (method, tx_id, output_index, to_address, amount, required_confirmations)
                  VALUES ('eth', '0x01', 0, '0xabc', 1, 3)`),
  ).rejects.toThrow(/chain_payments_output_unique/);

  // Down: the networks come back for the methods that had one.
  await client.query(`DELETE FROM chain_watch_positions WHERE method = 'token_on_eth'`);
  await client.query(`DELETE FROM chain_payments WHERE method = 'token_on_eth'`);
  await migration.down(runner);
  expect(await rows(`SELECT network, position::int FROM chain_watch_positions ORDER BY network`)).toEqual([
    { network: 'btc', position: 30 },
    { network: 'eth', position: 10 },
    { network: 'tron', position: 20 },
  ]);
  expect((await rows(`SELECT network FROM chain_payments ORDER BY network`)).map((r) => r.network)).toEqual([
    'btc',
    'eth',
    'tron',
  ]);
  await migration.up(runner);
});
