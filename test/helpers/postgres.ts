// PostgreSQL for the tests: TEST_DATABASE_URL names a server (tools/postgres.sh
// start makes a throwaway one and prints its URL; .ci/run does it). Each test
// server gets a schema of its own, so tests never see each other's data.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Whether a PostgreSQL server is there; says clearly why a test is skipped when it is not. */
export function postgresAvailable(what: string): boolean {
  if (DATABASE_URL) return true;
  console.warn(
    `\n  SKIPPED: ${what} against PostgreSQL: TEST_DATABASE_URL is not set.` +
      "\n  Run `tools/postgres.sh start` (it installs Debian's postgresql if needed) and export the URL it prints;" +
      ' .ci/run does this.\n',
  );
  return false;
}

/** A URL whose connections work in a fresh, empty schema. */
export async function isolatedDatabaseUrl(): Promise<string> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  const url = new URL(DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}
