import * as pg from 'pg';
import type { PoolClient, PoolConfig } from 'pg';

/** What the pool tells about the database (the `database` dependency monitor, when there is one). */
export interface PoolObserver {
  /** A connection could not be opened, or an open one was lost. */
  failed(error: unknown): void;
  /** A new connection was opened: the database is reachable (again). */
  succeeded(): void;
}

const GENERATION = Symbol('generation');
type StampedClient = PoolClient & { [GENERATION]?: number };
/** Marks an error raised before a statement could be sent: retrying it cannot run anything twice. */
export const NOT_SENT = Symbol('notSent');

type ConnectCallback = (
  err: Error | undefined,
  client: PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * node-postgres' pool, with one rule added: after a connection was lost, the connections opened before
 * that loss are not handed out again.
 *
 * What loses a connection (pg_terminate_backend, a restart, a failover, a network cut) usually takes
 * its siblings with it, but the pool learns that one socket at a time, as each one's close is read; an
 * idle connection whose FATAL message is still unread would be handed to the next request and fail it.
 * So when any loss is reported (`connectionLost`), every connection of an earlier generation is closed
 * as it comes out of the idle list, and a new one is opened in its place: the next statement, and the
 * retry of the one that failed, run on a connection opened after the loss. It costs a reconnect per
 * pooled connection after such an event (a few ms each), and nothing otherwise: one integer compare per
 * checkout.
 *
 * Errors raised while acquiring a connection (refused, timed out) are marked `NOT_SENT`: no statement
 * left this process, so even a write may be retried.
 */
export class DatabasePool extends pg.Pool {
  private generation = 0;
  /** Connections stamped below this were opened before the last loss. */
  private freshFrom = 0;

  constructor(
    config: PoolConfig,
    private readonly observer?: PoolObserver,
  ) {
    super(config);
    this.on('connect', (client: StampedClient) => {
      client[GENERATION] = this.generation;
      this.observer?.succeeded();
    });
    // An idle connection that errors (its server process was terminated, the server restarted) is
    // removed by pg-pool; its siblings are likely gone too. No client saw anything: not an outage.
    this.on('error', () => this.connectionLost());
  }

  /** A connection was lost: connections opened until now are replaced before their next use. */
  connectionLost(): void {
    this.freshFrom = ++this.generation;
  }

  /** A statement failed for want of the database and the failure reaches a client (after any retry). */
  reportFailure(error: unknown): void {
    this.observer?.failed(error);
  }

  // pg-pool's query() and TypeORM both acquire through connect(callback); the promise form is kept.
  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    if (!callback) {
      return new Promise<PoolClient>((resolve, reject) =>
        this.connect((err, client) => (err ? reject(err) : resolve(client!))),
      );
    }
    const take = (): void => {
      super.connect(
        (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => {
          if (err) {
            (err as Error & { [NOT_SENT]?: boolean })[NOT_SENT] = true;
            if (!this.ending) this.observer?.failed(err);
            return callback(err, undefined, done);
          }
          if (((client as StampedClient)[GENERATION] ?? 0) >= this.freshFrom)
            return callback(undefined, client, done);
          // Opened before the last loss: close it (release with an error removes it) and take another.
          done(true);
          take();
        },
      );
    };
    take();
  }
}

/**
 * The `pg` module as TypeORM's `driver` option, with the pool above (TypeORM creates the pool itself
 * from `new driver.Pool(options)`). Everything else is pg's own, reached through the prototype.
 */
export function pgDriverWithPool(observer?: PoolObserver): typeof pg {
  class ObservedPool extends DatabasePool {
    constructor(config: PoolConfig) {
      super(config, observer);
    }
  }
  return Object.create(pg, { Pool: { value: ObservedPool, enumerable: true } }) as typeof pg;
}
