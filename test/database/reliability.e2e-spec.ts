import { Client, Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { Sql } from '@app/database';
import {
  createTestDatabase,
  PgBouncer,
  requireServer,
  TcpProxy,
  TestDatabase,
  StorefrontClient,
} from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * Database connections that come and go, on a real PostgreSQL server: connections terminated under the
 * pool (idle or mid-statement, alone or under load), the server unreachable and back, statements past
 * the statement timeout, and a transaction-mode PgBouncer in front. Needs a server (TEST_DATABASE_URL);
 * on the embedded database alone there is no backend to terminate and nothing to put a pooler in front of.
 */
const server = requireServer('test/database/reliability.e2e-spec.ts', { forTestApp: true });
const describeServer = server ? describe : describe.skip;

function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** An admin connection to the server (not through the app's pool), to `database` or the server's default. */
async function admin(database?: string): Promise<Client> {
  const url = new URL(server!);
  if (database) url.pathname = `/${database}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

/** Terminates every server process connected to `database` (the app's connections), waiting for each to exit. */
async function terminateAll(database: string): Promise<number> {
  const c = await admin();
  try {
    const { rows } = await c.query(
      `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 5000))::int AS n
         FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [database],
    );
    return rows[0].n;
  } finally {
    await c.end();
  }
}

function appPool(t: TestApp): Pool {
  return (t.app.get(DataSource).driver as PostgresDriver).master as Pool;
}

/**
 * One read of each kind (the account, its stores, the app's catalogue of `first` products, the public
 * store), each giving its HTTP status, or 500 for a GraphQL answer with errors: one number to count.
 */
function readsOfEachKind(
  t: TestApp,
  sf: StorefrontClient,
  tokens: { owner: string; app: string; pub: string },
  first: number,
): (() => Promise<number>)[] {
  const graphql = async (token: string, query: string) => {
    const r = await sf.gql(token, query);
    return r.body.errors ? 500 : r.status;
  };
  return [
    async () => (await t.get('/v1/auth/me', { token: tokens.owner })).status,
    async () => (await t.get('/v1/user/stores/@me', { token: tokens.owner })).status,
    () => graphql(tokens.app, `{ store { id } products(first: ${first}) { edges { node { id } } } }`),
    () => graphql(tokens.pub, '{ store { id } }'),
  ];
}

const PRODUCT_INPUT = (handle: string) => ({
  handle,
  title: `Product ${handle}`,
  price: '10.00',
  currencyCode: 'INR',
  inventory: 5,
});

describeServer('database connections that come and go (PostgreSQL)', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let database: string;
  let owner: string;
  let storeId: string;
  let client: { clientId: string; clientSecret: string };
  let appToken: string;
  let publicToken: string;

  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    database = databaseOf(t.config.databaseUrl!);
    owner = await sf.account('reliability@example.com');
    storeId = await sf.store(owner, 'Reliable shop');
    client = await sf.app(owner, storeId);
    appToken = await sf.appToken(client);
    publicToken = (await sf.publicToken(owner, storeId)).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every kind of request the service serves, each expected to succeed. */
  async function everyKindOfRequest(label: string): Promise<void> {
    // A GraphQL answer's status and errors, under the round and the step a failure names.
    const answered = (step: string, res: { status: number; body: { errors?: unknown } }) => [
      label,
      step,
      res.status,
      res.body.errors,
    ];
    const me = await t.get('/v1/auth/me', { token: owner });
    expect([label, 'me', me.status]).toEqual([label, 'me', 200]);
    const token = await t.post('/v1/auth/oauth/token', {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    expect([label, 'token', token.status]).toEqual([label, 'token', 200]);
    const app = await sf.gql(appToken, '{ store { id } products(first: 5) { edges { node { id } } } }');
    expect(answered('app graphql', app)).toEqual([label, 'app graphql', 200, undefined]);
    const pub = await sf.gql(publicToken, '{ store { id name } }');
    expect(answered('public graphql', pub)).toEqual([label, 'public graphql', 200, undefined]);
    const write = await sf.gql(
      appToken,
      'mutation($input: ProductCreateInput!) { productCreate(input: $input) { id } }',
      {
        input: PRODUCT_INPUT(`${label}-${Date.now()}`),
      },
    );
    expect(answered('graphql write', write)).toEqual([label, 'graphql write', 200, undefined]);
    const put = await t.put(
      `/v1/user/stores/${storeId}`,
      { description: `updated ${label}` },
      { token: owner },
    );
    expect([label, 'rest write', put.status]).toEqual([label, 'rest write', 200]);
    const sessions = await t.get('/v1/auth/sessions', { token: owner });
    expect([label, 'sessions', sessions.status]).toEqual([label, 'sessions', 200]);
  }

  it('every connection terminated while idle (pg_terminate_backend): each kind of request then succeeds', async () => {
    // Several pooled connections, all idle, so that each request below may be handed a dead one. Twelve
    // concurrent requests may be served by fewer connections on a fast machine, so four are opened for
    // certain (held at once, then released); the webhook job engine's poll may hold one at any moment.
    await Promise.all(Array.from({ length: 12 }, () => t.get('/v1/auth/me', { token: owner })));
    const held = await Promise.all(Array.from({ length: 4 }, () => appPool(t).connect()));
    for (const client of held) client.release();
    expect(appPool(t).idleCount).toBeGreaterThan(1);
    for (let round = 1; round <= 3; round++) {
      expect(await terminateAll(database)).toBeGreaterThan(0);
      await everyKindOfRequest(`round${round}`);
    }
  });

  it('200 reads with every connection terminated three times during them: zero failures', async () => {
    const reads = readsOfEachKind(t, sf, { owner, app: appToken, pub: publicToken }, 3);
    const read = (i: number) => reads[i % 4]();
    let next = 0;
    const statuses: number[] = [];
    const worker = async () => {
      while (next < 200) {
        const i = next++;
        statuses.push(await read(i));
      }
    };
    let terminated = 0;
    const killer = (async () => {
      for (let k = 0; k < 3; k++) {
        await new Promise((resolve) => setTimeout(resolve, 80));
        terminated += await terminateAll(database);
      }
    })();
    await Promise.all([...Array.from({ length: 16 }, worker), killer]);
    expect(terminated).toBeGreaterThan(0);
    expect(statuses).toHaveLength(200);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('a read cut off mid-statement is retried on a fresh connection; a write cut off answers 503 with Retry-After', async () => {
    const c = await admin(database);
    // Watched from a second connection: inside c's transaction pg_stat_activity is one frozen snapshot.
    const watch = await admin(database);
    try {
      // Hold the stores table so that the statements below wait inside the server, mid-flight.
      await c.query('BEGIN');
      await c.query('LOCK TABLE stores IN ACCESS EXCLUSIVE MODE');
      /** The app's statements now waiting on that lock. */
      const waiting = async () => {
        for (let i = 0; i < 250; i++) {
          const { rows } = await watch.query(
            `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
            [database],
          );
          if (rows.length) return rows.map((r) => r.pid as number);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('no statement waiting on the lock');
      };

      const write = t.put(`/v1/user/stores/${storeId}`, { description: 'cut off' }, { token: owner });
      for (const pid of await waiting()) await watch.query('SELECT pg_terminate_backend($1, 5000)', [pid]);
      const cut = await write;
      expect([cut.status, cut.body.code, cut.headers.get('retry-after')]).toEqual([503, 'unavailable', '5']);
      expect(cut.headers.get('content-type')).toContain('application/problem+json');

      const read = t.get('/v1/user/stores/@me', { token: owner });
      for (const pid of await waiting()) await watch.query('SELECT pg_terminate_backend($1, 5000)', [pid]);
      // The retry waits on the lock too; let it through.
      await waiting();
      await c.query('COMMIT');
      const retried = await read;
      expect([retried.status, retried.body[0]?.id]).toEqual([200, storeId]);
    } finally {
      await c.query('ROLLBACK').catch(() => undefined);
      await c.end();
      await watch.end();
    }
    // The write that was cut off did not happen; the next one does.
    const after = await t.put(
      `/v1/user/stores/${storeId}`,
      { description: 'after the cut' },
      { token: owner },
    );
    expect([after.status, after.body.description]).toEqual([200, 'after the cut']);
  });
});

describeServer('statement timeout (DATABASE_STATEMENT_TIMEOUT)', () => {
  let t: TestApp;
  let sf: StorefrontClient;

  beforeAll(async () => {
    t = await TestApp.start({ env: { DATABASE_STATEMENT_TIMEOUT: '1' } });
    sf = new StorefrontClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is set on every connection of the pool, and a statement past it is cancelled: 503 with Retry-After', async () => {
    const pool = appPool(t);
    const held = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    try {
      for (const c of held)
        expect((await c.query('SHOW statement_timeout')).rows[0].statement_timeout).toBe('1s');
    } finally {
      for (const c of held) c.release();
    }
    await expect(pool.query('SELECT pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });

    // Through a route: a read that waits on a lock longer than the timeout is cancelled by the server.
    const owner = await sf.account('timeout@example.com');
    await sf.store(owner, 'Slow shop');
    const c = await admin(databaseOf(t.config.databaseUrl!));
    try {
      await c.query('BEGIN');
      await c.query('LOCK TABLE stores IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const res = await t.get('/v1/user/stores/@me', { token: owner });
      const elapsed = Date.now() - started;
      expect([res.status, res.body.code, res.headers.get('retry-after')]).toEqual([503, 'unavailable', '5']);
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(5000);
    } finally {
      await c.query('ROLLBACK');
      await c.end();
    }
    expect((await t.get('/v1/user/stores/@me', { token: owner })).status).toBe(200);
  });

  it('a GraphQL read cancelled by the timeout answers 503 with Retry-After, like REST (not a 200 to give up on)', async () => {
    const owner = await sf.account('timeout-graphql@example.com');
    const storeId = await sf.store(owner, 'Slow catalogue');
    const appToken = await sf.appToken(await sf.app(owner, storeId));
    const c = await admin(databaseOf(t.config.databaseUrl!));
    try {
      await c.query('BEGIN');
      await c.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
      const res = await sf.gql(appToken, '{ products(first: 5) { edges { node { id } } } }');
      expect([res.status, res.headers.get('retry-after'), res.body.data]).toEqual([503, '5', null]);
      expect(res.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual([
        'UNAVAILABLE',
      ]);
    } finally {
      await c.query('ROLLBACK');
      await c.end();
    }
    const after = await sf.gql(appToken, '{ products(first: 5) { edges { node { id } } } }');
    expect([after.status, after.body.errors]).toEqual([200, undefined]);
  });
});

describeServer('deadlocks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a transaction chosen as a deadlock victim runs once more from the start and commits', async () => {
    const sql = t.app.get(Sql);
    await sql.run({ text: `CREATE TABLE deadlock_probe (id int PRIMARY KEY, n int NOT NULL)` });
    await sql.run({ text: `INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)` });
    const other = await admin(databaseOf(t.config.databaseUrl!));
    try {
      // The other session waits longer before it checks for deadlocks, so the service's transaction is
      // the one the server picks as the victim (each session checks after its own deadlock_timeout).
      await other.query(`SET deadlock_timeout = '10s'`);
      await other.query('BEGIN');
      await other.query('UPDATE deadlock_probe SET n = n + 10 WHERE id = 2');
      let runs = 0;
      let firstRowLocked!: () => void;
      const rowOneLocked = new Promise<void>((resolve) => (firstRowLocked = resolve));
      const service = sql.transaction(async (tx) => {
        runs++;
        await sql.run({ text: 'UPDATE deadlock_probe SET n = n + 1 WHERE id = 1' }, tx);
        firstRowLocked();
        await sql.run({ text: 'UPDATE deadlock_probe SET n = n + 1 WHERE id = 2' }, tx);
      });
      await rowOneLocked;
      // Row 2 is the other's, row 1 the service's: each now waits for the other.
      const otherDone = other
        .query('UPDATE deadlock_probe SET n = n + 10 WHERE id = 1')
        .then(() => other.query('COMMIT'));
      await Promise.all([service, otherDone]);
      expect(runs).toBe(2);
      expect(await sql.rows({ text: 'SELECT id, n FROM deadlock_probe ORDER BY id' })).toEqual([
        { id: 1, n: 11 },
        { id: 2, n: 11 },
      ]);
    } finally {
      await other.end();
    }
  });
});

describeServer('the database unreachable, then back (TCP proxy)', () => {
  let t: TestApp;
  let db: TestDatabase;
  let proxy: TcpProxy;
  const lines: string[] = [];
  const logged = (msg: string) => lines.map((l) => JSON.parse(l)).filter((l) => l.msg === msg);

  beforeAll(async () => {
    db = await createTestDatabase(server!);
    const target = new URL(server!);
    proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
    const url = new URL(db.url);
    url.host = `127.0.0.1:${proxy.port}`;
    t = await TestApp.start({
      databaseUrl: url.toString(),
      env: { LOG_LEVEL: 'info' },
      logDestination: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
    await db?.drop();
  });

  it('/health/ready answers 503 while the database cannot serve queries, 200 again after; requests 503 then succeed', async () => {
    const signedIn = await t.signIn('outage@example.com');
    expect((await t.get('/health/ready')).status).toBe(200);

    await proxy.stop();
    const ready = await t.get('/health/ready');
    expect([ready.status, ready.body.database]).toEqual([503, 'down']);
    const me = await t.get('/v1/auth/me', { token: signedIn.access_token });
    expect([me.status, me.body.code, me.headers.get('retry-after')]).toEqual([503, 'unavailable', '5']);
    expect((await t.get('/health/live')).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await t.get('/v1/auth/me', { token: signedIn.access_token })).status).toBe(503);
    // One line when the outage started, however many requests failed.
    expect(logged('database unavailable')).toHaveLength(1);
    expect(logged('database unavailable')[0]).toMatchObject({ level: 'error', dependency: 'database' });
    expect(logged('database available again')).toHaveLength(0);

    await proxy.restart();
    // The first request after the database is back succeeds.
    const back = await t.get('/v1/auth/me', { token: signedIn.access_token });
    expect([back.status, back.body.email]).toEqual([200, 'outage@example.com']);
    const readyAgain = await t.get('/health/ready');
    expect([readyAgain.status, readyAgain.body.database]).toEqual([200, 'up']);
    expect(logged('database available again')).toHaveLength(1);
    expect(logged('database unavailable')).toHaveLength(1);
  });
});

describeServer('behind a stock PgBouncer in transaction mode', () => {
  let bouncer: PgBouncer;
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(server!);
    // Debian's PgBouncer with the usual ignore_startup_parameters = extra_float_digits,options: it refuses
    // a client whose startup packet carries statement_timeout (libs/testing/src/pgbouncer.ts).
    bouncer = await new PgBouncer({ serverUrl: server!, poolMode: 'transaction', poolSize: 2 }).start();
  });
  afterAll(async () => {
    await bouncer?.stop();
    await db?.drop();
  });

  const through = () => bouncer.url(databaseOf(db.url));

  /** A read of the stores table while another session holds it locked: how long it took, and its answer. */
  async function readWhileLocked(
    t: TestApp,
    token: string,
  ): Promise<{ ms: number; status: number; code?: string }> {
    const c = await admin(databaseOf(db.url));
    try {
      await c.query('BEGIN');
      await c.query('LOCK TABLE stores IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const res = await t.get('/v1/user/stores/@me', { token });
      return { ms: Date.now() - started, status: res.status, code: res.body.code };
    } finally {
      await c.query('ROLLBACK');
      await c.end();
    }
  }

  it('with DATABASE_PREPARED_STATEMENTS=false: migrations, sign-in, store, app token, GraphQL and writes all work', async () => {
    const t = await TestApp.start({ databaseUrl: through(), env: { DATABASE_PREPARED_STATEMENTS: 'false' } });
    try {
      const sf = new StorefrontClient(t);
      const owner = await sf.account('pooler@example.com');
      const storeId = await sf.store(owner, 'Pooled shop');
      const app = await sf.app(owner, storeId);
      const appToken = await sf.appToken(app);
      const pub = (await sf.publicToken(owner, storeId)).token;
      const created = await sf.createProduct(appToken, PRODUCT_INPUT('pooled'));
      expect(created.handle).toBe('pooled');
      const reads = readsOfEachKind(t, sf, { owner, app: appToken, pub }, 5);
      // Many at once, so that statements of one client connection land on different server connections.
      const statuses = await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          if (i % 5 < 4) return reads[i % 5]();
          return (
            await t.post('/v1/auth/oauth/token', {
              grant_type: 'client_credentials',
              client_id: app.clientId,
              client_secret: app.clientSecret,
            })
          ).status;
        }),
      );
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect((await t.get('/health/ready')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('still enforces DATABASE_STATEMENT_TIMEOUT: a statement past it is cancelled through the pooler (503), and one line at start says how', async () => {
    const lines: { msg: string; statementTimeoutSeconds?: number }[] = [];
    const t = await TestApp.start({
      databaseUrl: through(),
      env: { DATABASE_PREPARED_STATEMENTS: 'false', DATABASE_STATEMENT_TIMEOUT: '1', LOG_LEVEL: 'info' },
      logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    try {
      const said = lines.filter((l) => l.msg.startsWith('DATABASE_STATEMENT_TIMEOUT'));
      expect(said).toHaveLength(1);
      expect(said[0].msg).toContain('this process cancels statements past 1 s itself');
      expect(said[0].msg).toContain(`ALTER ROLE "postgres" SET statement_timeout = '1s'`);
      const sf = new StorefrontClient(t);
      const owner = await sf.account('pooled-timeout@example.com');
      await sf.store(owner, 'Slow pooled shop');
      const cut = await readWhileLocked(t, owner);
      expect([cut.status, cut.code]).toEqual([503, 'unavailable']);
      expect(cut.ms).toBeGreaterThanOrEqual(900);
      expect(cut.ms).toBeLessThan(5000);
      // The cancelled statement's server connection serves again, and a longer statement is not cut
      // early: the timer belongs to each statement.
      expect((await t.get('/v1/user/stores/@me', { token: owner })).status).toBe(200);
      expect((await t.get('/health/ready')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('uses the server’s own statement_timeout when it is the one configured: no timer of its own', async () => {
    const c = await admin();
    await c.query(`ALTER DATABASE "${databaseOf(db.url)}" SET statement_timeout = '2s'`);
    await c.end();
    // The pooler's server connections opened before keep the old setting: a fresh pooler.
    await bouncer.stop();
    bouncer = await new PgBouncer({ serverUrl: server!, poolMode: 'transaction', poolSize: 2 }).start();
    const lines: { msg: string }[] = [];
    const t = await TestApp.start({
      databaseUrl: through(),
      env: { DATABASE_PREPARED_STATEMENTS: 'false', DATABASE_STATEMENT_TIMEOUT: '2', LOG_LEVEL: 'info' },
      logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    try {
      expect(lines.filter((l) => l.msg.startsWith('DATABASE_STATEMENT_TIMEOUT')).map((l) => l.msg)).toEqual([
        'DATABASE_STATEMENT_TIMEOUT: the pooler refuses the statement_timeout startup parameter; the server applies the same timeout itself',
      ]);
      const sf = new StorefrontClient(t);
      const owner = await sf.account('server-timeout@example.com');
      await sf.store(owner, 'Server-timed shop');
      const cut = await readWhileLocked(t, owner);
      expect([cut.status, cut.code]).toEqual([503, 'unavailable']);
      expect(cut.ms).toBeGreaterThanOrEqual(1800);
      expect(cut.ms).toBeLessThan(6000);
    } finally {
      await t.close();
      const r = await admin();
      await r.query(`ALTER DATABASE "${databaseOf(db.url)}" RESET statement_timeout`);
      await r.end();
    }
  });

  it('with prepared statements on (the default), it starts, but the same traffic fails: the flag is what makes it work', async () => {
    const t = await TestApp.start({ databaseUrl: through() });
    try {
      const sf = new StorefrontClient(t);
      // Signing in writes through TypeORM (no statement names); the per-request reads are named.
      const owner = await sf.account('prepared@example.com');
      const statuses = await Promise.all(
        Array.from(
          { length: 60 },
          async (_, i) =>
            (await t.get(i % 2 ? '/v1/auth/me' : '/v1/user/stores/@me', { token: owner })).status,
        ),
      );
      expect(statuses.filter((s) => s !== 200).length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
