import { mkdirSync } from 'node:fs';
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
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedPostgres> {
  // Both packages are ES modules; a dynamic import keeps this CommonJS build working (it is also why
  // node runs with --experimental-vm-modules under jest).
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  let dir: string | undefined;
  if (dataDir) {
    dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const db = await PGlite.create(dir ? { dataDir: dir } : {});
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0 });
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres`;
  return {
    url,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
