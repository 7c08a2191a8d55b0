import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** This test file's server when requireServer() found the local one (jest keeps modules per file). */
let fileServer: string | null = null;

/**
 * The PostgreSQL server this test file runs against, or null for the embedded PGlite: TEST_DATABASE_URL
 * (or DATABASE_URL), else — in a file that needs one — the local server requireServer() found.
 */
export function serverUrl(): string | null {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || fileServer;
}

/**
 * The PostgreSQL server what a test file cannot do on the embedded database needs: TEST_DATABASE_URL (or
 * DATABASE_URL), else the local server found answering at the default address when the run started
 * (libs/testing/global-setup.js). With `forTestApp`, this file's TestApp.start() uses that server too
 * (a file whose every test needs it). Null when there is none: the caller skips what needs it, and this
 * prints the one line that says why, naming `what`.
 */
export function requireServer(what: string, options: { forTestApp?: boolean } = {}): string | null {
  const explicit = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (explicit) return explicit;
  const local = process.env.TEST_LOCAL_SERVER_URL;
  if (local) {
    if (options.forTestApp) fileServer = local;
    return local;
  }
  // One plain line (jest's console.warn would add a stack and a code frame to it).
  process.stderr.write(
    `skipped: ${what} needs a PostgreSQL server — none answers at 127.0.0.1:5432 and TEST_DATABASE_URL is not set\n`,
  );
  return null;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the server for one test file; the app's migrations build its schema. */
export async function createTestDatabase(base: string): Promise<TestDatabase> {
  const name = `sf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
