// jest's global setup (jest.config.js), run once before any test file: finds the PostgreSQL server the run
// may use, so that `npm test` passes on a fresh clone whatever is (not) installed.
//
// - TEST_DATABASE_URL (or DATABASE_URL) set: the whole suite runs on that server. The database it names
//   is the one each test file's fresh database is created from; when it does not exist yet (a
//   `TEST_DATABASE_URL=…/trial_x` typed for a first try), it is created here, once.
// - Not set: the suite runs on the embedded database, as `npm test` promises. The files that need a
//   server (libs/testing/src/test-database.ts, requireServer) use the local server when one answers at
//   the default address (postgres://postgres@127.0.0.1:5432, trust authentication: what .ci/run starts),
//   and otherwise skip, each printing one line that says why.
//
// It also gives the run its own temporary folder (run-temp.js), removed at the end even when the run is
// interrupted, and removes those of earlier runs that were killed.
const { Client } = require('pg');
const { enterRunTemp } = require('./run-temp');
const { URL } = require('node:url');

const LOCAL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The same server's maintenance database (`postgres`), to create another database from. */
function maintenanceUrl(url) {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

async function answers(url) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name || name === 'postgres') return;
  const admin = new Client({ connectionString: maintenanceUrl(url), connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL: the PostgreSQL server does not answer (${error.message})`);
  }
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      console.log(`\ntest setup: created the database "${name}" that TEST_DATABASE_URL names`);
    }
  } finally {
    await admin.end();
  }
}

module.exports = async function globalSetup() {
  enterRunTemp();
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (url) {
    await ensureDatabase(url);
    return;
  }
  // Workers are started after this, with this process's environment.
  if (await answers(LOCAL)) process.env.TEST_LOCAL_SERVER_URL = LOCAL;
};
