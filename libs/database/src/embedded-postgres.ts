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
  const server = new PGLiteSocketServer({ db, path: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`) });
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
