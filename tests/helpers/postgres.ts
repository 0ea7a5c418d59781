/** The PostgreSQL server the tests use (TEST_DATABASE_URL, else the machine's own), and whether it answers. */
import postgres from 'postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A connection to drop test schemas with, or the reason there is none: the tests that need the
 * server are skipped with that reason printed, never failed, when no server answers.
 */
export async function testDatabase(what: string): Promise<{ admin: postgres.Sql; unreachable?: string }> {
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  const unreachable = await admin`select 1`.then(
    () => undefined,
    (error: Error) => error.message,
  );
  if (unreachable) console.log(`${what} skipped: no PostgreSQL server answers at ${TEST_DATABASE_URL} (${unreachable}). Set TEST_DATABASE_URL to run them.`);
  return { admin, unreachable };
}

/** Runs `work` with these environment variables set, and puts every one back as it was after. */
export async function withEnv<T>(vars: Record<string, string | undefined>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(vars);
  try {
    return await work();
  } finally {
    apply(saved);
  }
}
