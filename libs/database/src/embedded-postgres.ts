import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
 * (`prepared statement "oauth_app_by_client_id" already exists` on the first Parse the new connection
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

export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedPostgres> {
  // Both packages are ES modules; a dynamic import keeps this CommonJS build working (it is also why
  // node runs with --experimental-vm-modules under jest).
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  let dir: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  const db = await PGlite.create(dir ? { dataDir: dir } : {});
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
