import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, MIGRATION_LOCK, MIGRATIONS, runMigrationsLocked } from '@app/database';
import { createTestDatabase, requireServer, spawnEntry, TestDatabase } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

// Migrations with many instances: instances started at the same moment on an empty database all
// become ready — one migrates under a PostgreSQL advisory lock, the others wait for it — and no
// "already exists" error is ever logged. `npm run migrate` (apps/api/src/migrate.ts) is the one-off
// job form of the same runner.

// Instances racing on one database need a server: the embedded database belongs to one process.
const server = requireServer('test/database/migrations.e2e-spec.ts');
const describeServer = server ? describe : describe.skip;
const ordered = MIGRATIONS.map((m) => (m as { name: string }).name);
const migrationNames = [...ordered].sort();

async function appliedMigrations(url: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM migrations ORDER BY name`);
    return rows.map((r) => r.name).sort();
  } finally {
    await client.end();
  }
}

async function tableExists(url: string, table: string): Promise<boolean> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [table]);
    return rows[0].present;
  } finally {
    await client.end();
  }
}

describeServer('migrations with many instances', () => {
  const databases: TestDatabase[] = [];
  const freshDatabase = async () => {
    const db = await createTestDatabase(server!);
    databases.push(db);
    return db.url;
  };
  afterAll(async () => {
    for (const db of databases) await db.drop();
  });

  it('three instances started at once on an empty database all become ready; none logs "already exists"', async () => {
    const url = await freshDatabase();
    const logs: string[][] = [[], [], []];
    const apps = await Promise.allSettled(
      logs.map((lines) =>
        TestApp.start({
          databaseUrl: url,
          env: { LOG_LEVEL: 'debug' },
          logDestination: { write: (line) => lines.push(line) },
        }),
      ),
    );
    const started = apps.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    try {
      expect(apps.map((a) => (a.status === 'rejected' ? String(a.reason) : 'started'))).toEqual([
        'started',
        'started',
        'started',
      ]);
      for (const t of started) expect((await t.get('/health/ready')).status).toBe(200);
      // Every migration applied exactly once, and the schema works through each instance.
      expect(await appliedMigrations(url)).toEqual(migrationNames);
      // Each instance has its own signing key here: sign in and read back on each.
      for (const [i, t] of started.entries()) {
        const signedIn = await t.signIn(`many${i}@example.com`);
        expect((await t.get('/v1/auth/me', { token: signedIn.access_token })).status).toBe(200);
      }
      expect(logs.flat().filter((line) => /already exists|duplicate key/i.test(line))).toEqual([]);
      expect(logs.flat().filter((line) => /"level":"(error|fatal)"/.test(line))).toEqual([]);
    } finally {
      for (const t of started) await t.close();
    }
  }, 180_000); // ts-node entries on a loaded CI machine take their time

  it('the runner waits for the lock another instance holds, then finds nothing left to do', async () => {
    const url = await freshDatabase();
    const holder = new Client({ connectionString: url });
    await holder.connect();
    const sources = [0, 1].map(
      () => new DataSource(dataSourceOptions({ url, embedded: false, migrationsRun: false, entities: [] })),
    );
    try {
      for (const ds of sources) await ds.initialize();
      // Someone else is migrating: the lock is held.
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [MIGRATION_LOCK]);
      let settled = false;
      const first = runMigrationsLocked(sources[0]).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(settled).toBe(false);
      expect(await tableExists(url, 'migrations')).toBe(false);
      await holder.query('COMMIT');
      const outcome = await first;
      expect(outcome.applied.sort()).toEqual(migrationNames);
      expect(outcome.waitedMs).toBeGreaterThanOrEqual(500);
      // Two more at once: each waits its turn and applies nothing.
      const again = await Promise.all(sources.map((ds) => runMigrationsLocked(ds)));
      expect(again.map((o) => o.applied)).toEqual([[], []]);
      expect(await appliedMigrations(url)).toEqual(migrationNames);
    } finally {
      await holder.end();
      for (const ds of sources) if (ds.isInitialized) await ds.destroy();
    }
  });

  it('a failing migration run applies nothing and lets go of the lock', async () => {
    const url = await freshDatabase();
    // A table in the way of the first migration: it fails part-way ("already exists" by design here).
    const admin = new Client({ connectionString: url });
    await admin.connect();
    const ds = new DataSource(
      dataSourceOptions({ url, embedded: false, migrationsRun: false, entities: [] }),
    );
    try {
      await admin.query(`CREATE TABLE accounts (id int)`);
      await ds.initialize();
      await expect(runMigrationsLocked(ds)).rejects.toThrow();
      expect(await tableExists(url, 'migrations')).toBe(false);
      // The lock is free again: another session takes it at once.
      const { rows } = await admin.query(
        `SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked`,
        [MIGRATION_LOCK],
      );
      expect(rows[0].locked).toBe(true);
    } finally {
      await admin.end();
      if (ds.isInitialized) await ds.destroy();
    }
  });

  it('the migrate entry (npm run migrate) applies the migrations, then finds the schema up to date', async () => {
    const url = await freshDatabase();
    const run = () =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        // The source entry through ts-node here; `npm run migrate` runs the same file built (dist/).
        const child = spawnEntry('apps/api/src/migrate.ts', { DATABASE_URL: url, LOG_LEVEL: 'info' });
        let output = '';
        child.stdout!.on('data', (d) => (output += d));
        child.stderr!.on('data', (d) => (output += d));
        child.on('exit', (code) => resolve({ code, output }));
      });
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.output).toContain(`applied ${migrationNames.length} migration(s)`);
    expect(await appliedMigrations(url)).toEqual(migrationNames);
    const second = await run();
    expect(second.code).toBe(0);
    expect(second.output).toContain('database schema is up to date');
  }, 180_000); // two ts-node runs of the entry: slow on a loaded machine

  it('MIGRATIONS_RUN=false on a database missing migrations: refuses to start naming them, and writes nothing', async () => {
    const url = await freshDatabase();
    const unmigrated = { databaseUrl: url, env: { MIGRATIONS_RUN: 'false' } };
    await expect(TestApp.start(unmigrated)).rejects.toThrow(
      `the database is missing ${migrationNames.length} of this build's migrations (${ordered.join(', ')}) ` +
        'and MIGRATIONS_RUN=false: apply them first with `npm run migrate`',
    );
    // The check only reads: not even the migrations table was created.
    expect(await tableExists(url, 'migrations')).toBe(false);

    // Migrated but for the newest one (a new build started before its migration job ran): only that one.
    await (await TestApp.start({ databaseUrl: url })).close();
    const newest = ordered[ordered.length - 1];
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(`DELETE FROM migrations WHERE name = $1 RETURNING timestamp`, [
        newest,
      ]);
      await expect(TestApp.start(unmigrated)).rejects.toThrow(
        `the database is missing 1 of this build's migrations (${newest})`,
      );
      await client.query(`INSERT INTO migrations (timestamp, name) VALUES ($1, $2)`, [
        rows[0].timestamp,
        newest,
      ]);
    } finally {
      await client.end();
    }
    // Up to date: it starts and is ready.
    const t = await TestApp.start(unmigrated);
    try {
      expect((await t.get('/health/ready')).status).toBe(200);
    } finally {
      await t.close();
    }
  }, 180_000);
});

describe('an unmigrated embedded database', () => {
  it('MIGRATIONS_RUN=false: refuses to start naming every missing migration', async () => {
    await expect(TestApp.start({ embedded: true, env: { MIGRATIONS_RUN: 'false' } })).rejects.toThrow(
      `the database is missing ${migrationNames.length} of this build's migrations (${ordered.join(', ')})`,
    );
  }, 120_000); // PGlite's first start is slow on a busy machine
});
