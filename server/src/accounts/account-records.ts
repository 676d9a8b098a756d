/**
 * The account rows every way of creating an account writes (sign-up, the first admin, tests), and the
 * one form an e-mail is stored and looked up in.
 */

/** E-mails are stored and compared trimmed and lower-case, whoever creates or looks up the account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether `error` is PostgreSQL's unique_violation, e.g. a second account for one e-mail. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/** Anything that runs SQL: a DataSource, or the EntityManager of the caller's transaction. */
interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** Inserts a user, its profile and its roles; call it inside a transaction. Returns the new user's id. */
export async function insertAccount(
  db: Queryable,
  account: { email: string; passwordHash: string; fullName: string; roles?: readonly string[] },
): Promise<string> {
  const email = normalizeEmail(account.email);
  const [{ id }] = (await db.query(`INSERT INTO users (email, password_hash) VALUES ($1, $2) RETURNING id`, [
    email,
    account.passwordHash,
  ])) as { id: string }[];
  await db.query(`INSERT INTO profiles (id, full_name, email) VALUES ($1, $2, $3)`, [id, account.fullName, email]);
  if (account.roles?.length) {
    await db.query(`INSERT INTO user_roles (user_id, role) SELECT $1, unnest($2::text[])`, [id, account.roles]);
  }
  return id;
}

/**
 * The rows of an UPDATE … RETURNING. TypeORM's query() answers UPDATE and DELETE on PostgreSQL with `[rows, count]`
 * (INSERT and SELECT with the rows alone), so destructuring its answer as rows would read the pair.
 */
export async function updateReturning<T>(manager: Queryable, sql: string, params: unknown[]): Promise<T[]> {
  const [rows] = (await manager.query(sql, params)) as [T[], number];
  return rows;
}
