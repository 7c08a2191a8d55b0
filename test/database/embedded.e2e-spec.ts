import { EmbeddedVacuum } from '@app/database';
import { TestApp } from '@app/testing/test-app';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';

/**
 * The embedded default (no DATABASE_URL): PGlite in DATA_DIR, built by the same migrations, with the
 * generated development secrets kept beside it — so a restart keeps both the data and the sessions.
 * Runs on the embedded database even when the suite runs against a PostgreSQL server.
 */
// Every test starts PGlite, whose start is CPU-bound WASM (the first one on a directory also creates the
// database files in a child process and runs every migration): a few seconds on an idle machine, minutes
// on a two-core machine running several suites. That — not a race — is what made this file fail under
// load with the default 60 s: each test waits for its start to finish (a condition), and this bound only
// catches a start that hangs. The tests that need no fresh directory restart on the first test's, which
// skips creating the files and the migrations: less work, so less exposed to the load.
jest.setTimeout(300_000);

describe('embedded PGlite database', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sf-embedded-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Empty secrets count as unset: the app generates them into DATA_DIR, as on a newcomer's first start.
  const env = { JWT_SECRET: '', OTP_PEPPER: '', PUBLIC_URL: 'http://localhost:3999' };

  it('starts, signs in, restarts on the same directory, and is still signed in', async () => {
    const first = await TestApp.start({ embedded: true, dataDir: dir, env });
    let pair;
    try {
      expect(first.config.databaseUrl).toBeNull();
      const [{ version }] = await first.app.get(DataSource).query('SELECT version()');
      expect(version).toMatch(/PostgreSQL/);
      const migrations = await first.app.get(DataSource).query('SELECT name FROM migrations ORDER BY id');
      expect(migrations.length).toBeGreaterThan(0);
      pair = await first.signIn('embedded@example.com');
      expect((await first.get('/v1/auth/me', { token: pair.access_token })).status).toBe(200);
    } finally {
      await first.close();
    }

    const second = await TestApp.start({ embedded: true, dataDir: dir, env });
    try {
      const me = await second.get('/v1/auth/me', { token: pair.access_token });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe('embedded@example.com');
      const refreshed = await second.post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.session_id).toBe(pair.session_id);
    } finally {
      await second.close();
    }
  });

  it('keeps transactions isolated through its single connection (parallel single-use codes)', async () => {
    const t = await TestApp.start({ embedded: true, dataDir: dir, env });
    try {
      await t.post('/v1/auth/login', { email: 'race@example.com' });
      const code = /\b(\d{6})\b/.exec((await t.mail.waitFor('race@example.com')).subject)![1];
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.post('/v1/auth/login/verify', { email: 'race@example.com', otp: code }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('creates its files in a child process on the first start, then runs with small buffers behind PGlite’s own flags', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'sf-embedded-first-'));
    try {
      const t = await TestApp.start({ embedded: true, dataDir: fresh });
      try {
        // The database files are in place and nothing of the child's staging directory is left.
        expect(existsSync(join(fresh, 'pglite', 'PG_VERSION'))).toBe(true);
        expect(readdirSync(fresh).filter((name) => name.startsWith('pglite.init-'))).toEqual([]);
        const db = t.app.get(DataSource);
        const setting = async (name: string) =>
          ((await db.query(`SELECT current_setting($1) AS value`, [name])) as { value: string }[])[0].value;
        // Ours (not PGlite's browser-sized defaults: 128MB of shared buffers)…
        expect(await setting('shared_buffers')).toBe('16MB');
        expect(await setting('work_mem')).toBe('2MB');
        expect(await setting('maintenance_work_mem')).toBe('16MB');
        // …after PGlite's own start parameters, which still hold.
        expect(await setting('search_path')).toBe('public');
        expect(await setting('max_worker_processes')).toBe('0');
        expect((await t.get('/health/ready')).status).toBe(200);
      } finally {
        await t.close();
      }
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('refuses a database directory that holds files but no database, naming it, instead of writing over them', async () => {
    const odd = mkdtempSync(join(tmpdir(), 'sf-embedded-odd-'));
    try {
      mkdirSync(join(odd, 'pglite'));
      writeFileSync(join(odd, 'pglite', 'notes.txt'), 'not a database');
      await expect(TestApp.start({ embedded: true, dataDir: odd })).rejects.toThrow(
        /pglite is not empty but holds no database \(no PG_VERSION\)/,
      );
      expect(readFileSync(join(odd, 'pglite', 'notes.txt'), 'utf8')).toBe('not a database');
    } finally {
      rmSync(odd, { recursive: true, force: true });
    }
  });

  it('vacuums and analyses every table itself, since autovacuum never runs in PGlite', async () => {
    const t = await TestApp.start({ embedded: true, dataDir: dir, env });
    try {
      await t.signIn('vacuum@example.com');
      const db = t.app.get(DataSource);
      // Every table that has storage (a partitioned table's partitions, not the parent itself).
      const withStorage = `SELECT s.schemaname || '.' || s.relname AS name FROM pg_stat_user_tables s
                            JOIN pg_class c ON c.oid = s.relid WHERE c.relkind <> 'p'`;
      const tables = (await db.query(withStorage)) as { name: string }[];
      expect(tables.length).toBeGreaterThan(10);
      const report = await t.app.get(EmbeddedVacuum).vacuumOnce();
      expect(report.tables).toBeGreaterThan(10);
      const never = (await db.query(
        `${withStorage} AND (s.last_vacuum IS NULL OR s.last_analyze IS NULL)`,
      )) as { name: string }[];
      expect(never).toEqual([]);
      // The application's tables, the webhook deliveries (the delivery queue) among them.
      expect(tables.map((table) => table.name)).toEqual(
        expect.arrayContaining(['public.accounts', 'public.sessions', 'public.webhook_deliveries']),
      );
      expect((await t.get('/health/ready')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('serves the database only on a Unix socket in a 0700 directory: no TCP port, no other local user', async () => {
    // What this jest worker already listens on (another file run before this one in the same worker may
    // have left a listener open): only what the start adds is the app's.
    const before = new Set(listeningPorts());
    const t = await TestApp.start({ embedded: true, dataDir: dir });
    let socketDir: string;
    try {
      const url = new URL(String((t.app.get(DataSource).options as { url?: string }).url));
      socketDir = decodeURIComponent(url.hostname);
      // A socket directory, not a host name: pg connects to <dir>/.s.PGSQL.5432.
      expect(socketDir.startsWith('/')).toBe(true);
      expect(statSync(socketDir).mode & 0o777).toBe(0o700);
      expect(statSync(join(socketDir, '.s.PGSQL.5432')).isSocket()).toBe(true);
      // DATA_DIR holds the database files and the generated secrets: owner only.
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      // No TCP listener was opened for it: every listening socket of this process is accounted for
      // (the app's HTTP port and the test's mail catcher), none is the database's.
      const listening = listeningPorts().filter((port) => !before.has(port));
      const httpPort = Number(new URL(t.baseUrl).port);
      const mailPort = Number(new URL(t.mail.url).port);
      for (const port of listening) expect([httpPort, mailPort]).toContain(port);
      // Another local user cannot even reach the socket (the directory is 0700).
      if (process.getuid?.() === 0) {
        const probe = spawnSync(
          'runuser',
          [
            '-u',
            'nobody',
            '--',
            process.execPath,
            '-e',
            `require('net').connect(${JSON.stringify(join(socketDir, '.s.PGSQL.5432'))}).on('connect',()=>{console.log('CONNECTED');process.exit(0)}).on('error',e=>{console.log(e.code);process.exit(0)})`,
          ],
          { encoding: 'utf8' },
        );
        expect(probe.stdout.trim()).toBe('EACCES');
      }
      expect((await t.get('/health/ready')).status).toBe(200);
    } finally {
      await t.close();
    }
    // The socket directory goes with the process.
    expect(existsSync(socketDir!)).toBe(false);
  });
});

/** The TCP ports this process listens on (from /proc/net/tcp{,6}, matched by socket inode). */
function listeningPorts(): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match) inodes.add(match[1]);
    } catch {
      // the fd closed while we looked
    }
  }
  const ports: number[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // st 0A = LISTEN
      if (cols.length > 9 && cols[3] === '0A' && inodes.has(cols[9])) {
        ports.push(parseInt(cols[1].split(':')[1], 16));
      }
    }
  }
  return ports;
}
