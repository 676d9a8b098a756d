/**
 * A deferred constraint trigger that fails the COMMIT of any order with the given domain: by then the
 * proof file, the order, its event and its notifications are written, so it is the latest point at
 * which a checkout can fail. Tests check that nothing of it is left behind (or announced).
 */
import type { TestServer } from './test-server';

export async function failCommitsOfOrdersFor(server: TestServer, domain: string): Promise<void> {
  await server.sql(`
    CREATE FUNCTION test_fail_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.domain_name = ${quoteLiteral(domain)} THEN RAISE EXCEPTION 'refused at commit'; END IF;
      RETURN NULL;
    END $$`);
  await server.sql(`
    CREATE CONSTRAINT TRIGGER test_fail_at_commit AFTER INSERT ON orders
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_fail_at_commit()`);
}

export async function stopFailingCommits(server: TestServer): Promise<void> {
  await server.sql(`DROP TRIGGER test_fail_at_commit ON orders`);
  await server.sql(`DROP FUNCTION test_fail_at_commit()`);
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
