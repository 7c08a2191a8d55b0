import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';

/**
 * The embedded database: PGlite (PostgreSQL compiled to WASM) persisted in DATA_DIR, served on a
 * loopback port by pglite-socket so that the ordinary `pg` driver — the very driver used against a
 * PostgreSQL server — talks to it.
 *
 * Why not the `typeorm-pglite` driver: it hands one PGlite session to every TypeORM "connection", so
 * concurrent transactions interleave on that session (measured here: 20 concurrent
 * SELECT … FOR UPDATE / UPDATE transactions left a counter at 1 instead of 20). PGlite is
 * single-session, so the pool in front of it must have exactly one connection; then transactions
 * queue and keep their isolation, prepared statements work, and types parse exactly as on a server.
 *
 * pglite-socket has no authentication, so it must not listen where another local user can reach it:
 * it serves a Unix socket inside a fresh directory of mode 0700 (mkdtemp), never a TCP port. The
 * directory lives under the system temp dir, not DATA_DIR, because a socket path is limited to about
 * 107 bytes and DATA_DIR can be anywhere; it is removed at shutdown. DATA_DIR itself (database files,
 * generated secrets) is made 0700 too.
 */
/** Only names the socket file (`.s.PGSQL.5432`); nothing listens on a TCP port. */
const SOCKET_PORT = 5432;

/**
 * A simple-protocol Query message (`Q`, int32 length, text, NUL) for DISCARD ALL: "reset the session to
 * its initial state" (deallocate prepared statements, close cursors, RESET ALL, UNLISTEN *, release
 * advisory locks, drop temporary tables) — the statement PgBouncer runs between two clients of one
 * server connection.
 */
const DISCARD_ALL = (() => {
  const text = Buffer.from('DISCARD ALL\0', 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0, 'ascii');
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
})();

/** A StartupMessage: int32 length then protocol version 3.0 (0x00030000); typed messages start with a letter. */
function isStartupMessage(message: Uint8Array): boolean {
  return (
    message.length >= 8 &&
    message[0] === 0 &&
    message[4] === 0 &&
    message[5] === 3 &&
    message[6] === 0 &&
    message[7] === 0
  );
}

type PGliteInstance = InstanceType<typeof import('@electric-sql/pglite').PGlite>;

/**
 * One PostgreSQL session per connection, as a real server gives.
 *
 * PGlite is a single backend, and pglite-socket feeds every socket's messages to that one backend: a
 * StartupMessage is answered (authentication ok, ready) but starts nothing new, and Terminate is
 * ignored. So when the pool closes its connection (idle timeout, an error, shutdown of a client) and
 * opens another, the "new" connection finds the old one's session: its named prepared statements
 * (`prepared statement "app_client_by_client_id" already exists` on the first Parse the new connection
 * sends, since the driver's per-connection cache starts empty), its SET values, advisory locks and
 * temporary tables. That was the embedded database answering 500 after 30 s of idling.
 *
 * The fix is where the cause is: the socket server is handed this view of the database, which runs
 * DISCARD ALL on the backend just before it processes a connection's StartupMessage. That point is
 * exact: pglite-socket's queue has by then rolled back a transaction the previous socket left open
 * (it serves nothing else while one is open), and nothing of the new connection has run yet. It costs
 * one statement per connection, not per query, and needs nothing of the client (unlike a reset query
 * sent by the pool, it also covers any other client of the socket). The call happens inside the
 * queue's exclusive section, so it uses the unlocked protocol entry point (`exec` would wait for the
 * lock we hold); its answer (CommandComplete, ReadyForQuery) goes nowhere.
 *
 * Every other property is the database's own, bound to it (PGlite keeps private state that a Proxy
 * receiver could not reach).
 */
export function sessionPerConnection(db: PGliteInstance): PGliteInstance {
  const execProtocolRawStream: PGliteInstance['execProtocolRawStream'] = async (message, options) => {
    if (isStartupMessage(message)) {
      await db.execProtocolRawStream(DISCARD_ALL, { onRawData: () => undefined });
    }
    return db.execProtocolRawStream(message, options);
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'execProtocolRawStream') return execProtocolRawStream;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export interface EmbeddedPostgres {
  url: string;
  /** The 0700 directory holding the Unix socket. */
  socketDir: string;
  stop(): Promise<void>;
}

/**
 * PGlite's own defaults are made for a browser tab that lives a few minutes: 128 MB of shared buffers,
 * 4 MB per sort, 64 MB for maintenance. A long-running process that also serves HTTP keeps every page
 * it ever touched, so the embedded server runs smaller; our tables are small, and 16 MB of buffers hold
 * a one-shop database's hot pages. Appended to PGlite.defaultStartParams: `startParams` replaces
 * PGlite's list when given, and its own flags (single-user mode, no fsync, search_path…) must stay.
 */
export const EMBEDDED_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  work_mem: '2MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
  wal_buffers: '1MB',
  min_wal_size: '32MB',
  max_wal_size: '64MB',
};

export function embeddedStartParams(defaults: readonly string[]): string[] {
  return [
    ...defaults,
    ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}

/**
 * V8 settings for a process that hosts the embedded database, set before PGlite's module is compiled.
 * PostgreSQL as WebAssembly is 9 MB of code: V8 compiles what runs with its baseline compiler
 * (Liftoff), then recompiles the hot functions with its optimizing one (TurboFan) on background
 * threads, whose memory (glibc arenas) stays resident after the compilations — about 80 MB for the
 * life of the process. `--liftoff-only` skips the second tier; `--optimize-for-size` makes V8 grow its
 * heap less eagerly. Together they take the process from ~280 to ~210 MB after a thousand requests for
 * about the same CPU per request (bench/footprint.js, bench/README.md). They apply to this process
 * only, and only when it runs the embedded database: with DATABASE_URL nothing here runs.
 */
export function leanRuntimeForEmbedded(): void {
  setFlagsFromString('--liftoff-only');
  setFlagsFromString('--optimize-for-size');
}

/**
 * Creates the database files in `dir` (first start) in a short-lived child process. PGlite's initdb
 * runs in a second PGlite instance plus initdb's own WebAssembly module, whose memories are then copied
 * into the first: done in this process, that left ~750 MB resident for the life of the server (memory
 * a WebAssembly instance grew is not handed back). The child exits when the files are written, and the
 * server opens the directory exactly as on every later start. It builds into a sibling directory that
 * is renamed into place at the end, so an interrupted first start leaves no half-made database that a
 * later start would take for a finished one.
 */
async function initializeInChild(dir: string): Promise<void> {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(
      `${dir} is not empty but holds no database (no PG_VERSION): move it away to start afresh`,
    );
  }
  const staging = `${dir}.init-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  // The child loads the very PGlite build this process resolves (its CommonJS entry: no loader flags).
  const entry = require.resolve('@electric-sql/pglite');
  const script = [
    `require(${JSON.stringify(entry)}).PGlite.create({ dataDir: ${JSON.stringify(staging)} })`,
    '.then((db) => db.close())',
    '.then(() => process.exit(0), (e) => { console.error(e && e.message); process.exit(1); });',
  ].join('');
  const stderr: Buffer[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || !existsSync(join(staging, 'PG_VERSION'))) {
    rmSync(staging, { recursive: true, force: true });
    const reason = Buffer.concat(stderr).toString().trim() || `exit code ${code}`;
    throw new Error(`the embedded database could not be created in ${dir}: ${reason}`);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
}

/**
 * Starts PGlite on DATA_DIR/pglite (in memory with `dataDir` null: unit specs) and serves it on a
 * private Unix socket. A first start creates the database in a child process (initializeInChild);
 * every start runs it with EMBEDDED_SETTINGS in a lean V8 (leanRuntimeForEmbedded).
 */
export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedPostgres> {
  leanRuntimeForEmbedded();
  // Both packages are ES modules; a dynamic import keeps this CommonJS build working (it is also why
  // node runs with --experimental-vm-modules under jest).
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  let dir: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    dir = join(dataDir, 'pglite');
    if (!existsSync(join(dir, 'PG_VERSION'))) await initializeInChild(dir);
  }
  const db = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    startParams: embeddedStartParams(PGlite.defaultStartParams),
  });
  const socketDir = mkdtempSync(join(tmpdir(), 'sf-pg-'));
  const server = new PGLiteSocketServer({
    db: sessionPerConnection(db),
    path: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    // The pool holds one connection, but when it replaces one (after an error, or the idle timeout
    // firing just as a request arrives) the new socket can be accepted before the server has seen the
    // old one close; with a limit of 1 it would be answered "Too many connections" (not even protocol)
    // and that request would fail. The queue still runs one statement at a time.
    maxConnections: 2,
  });
  await server.start();
  // pg takes a host that starts with "/" as the directory of a Unix socket named .s.PGSQL.<port>.
  const url = `postgres://postgres@${encodeURIComponent(socketDir)}:${SOCKET_PORT}/postgres`;
  return {
    url,
    socketDir,
    async stop() {
      await server.stop();
      await db.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
