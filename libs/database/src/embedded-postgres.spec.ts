import { Client } from 'pg';
import { EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';

/**
 * The embedded server gives every connection a fresh session, as PostgreSQL does: what one connection
 * leaves behind (named prepared statements, SET values, temporary tables, advisory locks) is gone for
 * the next. Without it the pool's replacement connection met its predecessor's statements
 * (`prepared statement "…" already exists`).
 */
describe('embedded PostgreSQL: one session per connection', () => {
  let embedded: EmbeddedPostgres;

  beforeAll(async () => {
    embedded = await startEmbeddedPostgres(null);
  });
  afterAll(async () => {
    await embedded.stop();
  });

  const connect = async () => {
    const client = new Client({ connectionString: embedded.url });
    await client.connect();
    return client;
  };

  it('a new connection does not find the previous one’s prepared statements, settings, temp tables or locks', async () => {
    const first = await connect();
    await first.query({ name: 'probe', text: 'SELECT $1::int AS n', values: [1] });
    await first.query(`SET work_mem = '12345kB'`);
    await first.query('CREATE TEMP TABLE left_behind (x int)');
    await first.query('SELECT pg_advisory_lock(4242)');
    await first.end();

    const second = await connect();
    try {
      // The same name, prepared again by a connection whose driver cache is empty: a fresh session.
      const { rows } = await second.query({ name: 'probe', text: 'SELECT $1::int AS n', values: [2] });
      expect(rows).toEqual([{ n: 2 }]);
      const { rows: setting } = await second.query('SHOW work_mem');
      expect(setting[0].work_mem).not.toBe('12345kB');
      const { rows: temp } = await second.query(`SELECT to_regclass('pg_temp.left_behind') AS t`);
      expect(temp[0].t).toBeNull();
      const { rows: lock } = await second.query(
        'SELECT count(*)::int AS n FROM pg_locks WHERE locktype = $1',
        ['advisory'],
      );
      expect(lock[0].n).toBe(0);
    } finally {
      await second.end();
    }
  });

  it('a connection that dies inside a transaction leaves none open for the next', async () => {
    const first = await connect();
    await first.query('BEGIN');
    await first.query({ name: 'in_tx', text: 'SELECT 1 AS one' });
    // Drop the socket without a Terminate message, as a crash or a cut connection would.
    first.on('error', () => undefined);
    (first as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await new Promise((resolve) => first.once('end', resolve));

    const second = await connect();
    try {
      const { rows } = await second.query({ name: 'in_tx', text: 'SELECT 1 AS one' });
      expect(rows).toEqual([{ one: 1 }]);
      const { rows: tx } = await second.query('SELECT now() = statement_timestamp() AS fresh');
      expect(tx[0].fresh).toBe(true);
    } finally {
      await second.end();
    }
  });
});
