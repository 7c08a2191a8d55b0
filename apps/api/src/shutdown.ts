import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, Dependencies } from '@app/core';
import { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { Logger } from 'pino';

/** Set on an HTTP server once it drains: its answers from then on close their connection. */
const DRAINING = Symbol('draining');
/** Set once the delay is over and the listener is about to close (see stopListening). */
const STOPPING = Symbol('stopping');
/** The methods a proxy never sends twice (nginx: POST, LOCK, PATCH): served to the end, never refused. */
const NOT_RETRIED = new Set(['POST', 'PATCH', 'LOCK']);

type ShutdownServer = Server & { [DRAINING]?: boolean; [STOPPING]?: boolean };

/**
 * Whether this request is refused (503, http/request-edge.hook.ts) because its instance is stopping:
 * after SHUTDOWN_DELAY, a request a proxy may send to another instance (GET, PUT, DELETE…) is refused before
 * anything runs, so the proxy retries it elsewhere and marks this instance down (see stopListening).
 */
export function refusedWhileStopping(raw: IncomingMessage): boolean {
  const server = (raw.socket as { server?: ShutdownServer } | null)?.server;
  return server?.[STOPPING] === true && !NOT_RETRIED.has(raw.method ?? '');
}

/** From now on every answer of this server carries `Connection: close` (and closes its connection). */
export function startDraining(server: Server): void {
  (server as ShutdownServer)[DRAINING] = true;
}

/**
 * The server's response class (bootstrap.ts passes it to Fastify): once its server drains, an answer
 * is not kept alive. Decided when the head is written, not when the request arrived, so a request that
 * was already running when SIGTERM came is answered `Connection: close` too — otherwise its connection
 * would go back to the client's (or nginx's) pool as reusable just before the instance closes it.
 * Node writes the header itself when `shouldKeepAlive` is false.
 */
export class DrainingAwareResponse<
  Req extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Req> {}
const writeHead = ServerResponse.prototype.writeHead;
DrainingAwareResponse.prototype.writeHead = function (this: ServerResponse, ...args: unknown[]) {
  const server = (this.req.socket as { server?: ShutdownServer } | null)?.server;
  if (server?.[DRAINING]) this.shouldKeepAlive = false;
  return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
} as typeof writeHead;

/**
 * After the listener closes, how long a connection without a request is left alone before idle
 * connections are closed (step 3 below), and how often they are closed after that.
 */
const IDLE_GRACE_MS = 500;
const IDLE_SWEEP_MS = 100;
const netClose = NetServer.prototype.close;
/** The listener closes once no connection has come for this long (see stopListening)… */
const LISTEN_QUIET_MS = 300;
/** …or after this long in any case. */
const LISTEN_STOP_MAX_MS = 3_000;

/**
 * SIGTERM, done so that a load balancer in front never sees an error (docs/deployment.md, "Stopping
 * and rolling restarts"):
 *
 * 1. `/health/ready` answers 503 at once (Dependencies.beginShutdown), so health-checking balancers take
 *    the instance out; every answer from now on carries `Connection: close` (DrainingAwareResponse),
 *    so keep-alive clients and proxies (nginx's upstream keepalive pool) drop their connections to this
 *    instance after their current request instead of reusing them.
 * 2. For SHUTDOWN_DELAY seconds the process keeps serving normally: whoever has not noticed yet is
 *    still answered.
 * 3. It stops accepting connections (stopListening: first it refuses the requests a proxy can send
 *    elsewhere, until connections stop coming; then new connections are refused, which a proxy retries
 *    elsewhere safely, POSTs included, since nothing was sent). Requests in flight finish and their
 *    connections close with their answers. Connections without a request are left alone for
 *    IDLE_GRACE_MS (one just accepted may hold an unread request), then closed, and again every
 *    IDLE_SWEEP_MS until none is left. Closing an idle keep-alive connection races with a client
 *    reusing it at that instant (its request meets a reset; nginx answers 502 for a POST) — the old
 *    behaviour, straight after the signal, under load. After the delay every connection that carried a
 *    request has been told `Connection: close`; the idle ones left are those nobody used for the whole
 *    delay, and a proxy whose new connections are now refused has marked this instance down. Nothing
 *    that carries a request is cut.
 * 4. After SHUTDOWN_TIMEOUT seconds, connections still busy are closed (logged with their count).
 * 5. Nest's shutdown hooks run (the database pool, the embedded server); a request that still reaches
 *    the application while it closes gets our 503 problem+json (http/request-edge.hook.ts), never
 *    Fastify's own body.
 *
 * Returns when everything is closed; main.ts then exits 0. Tests call it on an in-process app.
 */
export async function gracefulShutdown(
  app: NestFastifyApplication,
  config: Pick<AppConfig, 'shutdownDelay' | 'shutdownTimeout'>,
  logger: Logger,
  signal = 'SIGTERM',
): Promise<void> {
  const started = Date.now();
  const server = app.getHttpServer() as Server;
  app.get(Dependencies).beginShutdown();
  startDraining(server);
  logger.info(
    { signal, delaySeconds: config.shutdownDelay, timeoutSeconds: config.shutdownTimeout },
    'shutting down',
  );
  await sleep(config.shutdownDelay * 1000);

  let onDrained!: () => void;
  const drained = new Promise<boolean>((resolve) => (onDrained = () => resolve(true)));
  await stopListening(server, onDrained);
  logger.info('no longer accepting connections; draining in-flight requests');
  let sweep: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    server.closeIdleConnections();
  }, IDLE_GRACE_MS);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), config.shutdownTimeout * 1000);
  });
  const finished = await Promise.race([drained, timedOut]);
  clearTimeout(grace);
  clearInterval(sweep);
  clearTimeout(timer);
  if (!finished) {
    const open = await new Promise<number>((resolve) => server.getConnections((_, n) => resolve(n ?? 0)));
    logger.warn(
      { connections: open, timeoutSeconds: config.shutdownTimeout },
      'shutdown timeout: closing connections still in use',
    );
    server.closeAllConnections();
  }

  await app.close();
  logger.info({ ms: Date.now() - started }, 'shut down cleanly');
}

/**
 * Runs gracefulShutdown on the first SIGTERM/SIGINT and exits 0 when it is done (1 if closing failed).
 * A signal may arrive more than once (a process manager and a terminal both send one): the first starts
 * the shutdown, the others must not fall back to Node's default (instant) exit.
 */
export function exitOnSignals(app: NestFastifyApplication, config: AppConfig, logger: Logger): void {
  let shuttingDown = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (shuttingDown) return;
      shuttingDown = true;
      gracefulShutdown(app, config, logger, signal).then(
        () => process.exit(0),
        (error: Error) => {
          logger.error({ err: { message: error.message } }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

/**
 * Closes the listening socket once connections stop coming; `onDrained` is called once no connection is
 * left. Only the listener: http.Server.close would also destroy every connection without a request in
 * progress, including one just accepted whose request is still unread in its socket buffer.
 *
 * When a listening socket closes, the kernel resets the connections it completed but the process has
 * not accepted yet — and a proxy may already have sent a request on one (nginx answers 502 for a POST
 * it cannot retry). Measured behind nginx, which keeps sending to an instance until a connection fails
 * (it does not poll health checks) and opens a new connection for every request once answers say
 * `Connection: close`: about one POST in two restarts got that 502 when the listener closed at the end
 * of the delay. So first the requests a proxy may retry are refused (refusedWhileStopping): nginx, with
 * `proxy_next_upstream … http_503` (deploy/nginx.conf), sends them to another instance and marks this
 * one down for its fail_timeout, and stops connecting. Once no connection has come for LISTEN_QUIET_MS
 * nothing is queued and the listener closes; after LISTEN_STOP_MAX_MS it closes in any case.
 */
function stopListening(server: Server, onDrained: () => void): Promise<void> {
  (server as ShutdownServer)[STOPPING] = true;
  return new Promise((resolve) => {
    let quiet: NodeJS.Timeout;
    const close = () => {
      clearTimeout(quiet);
      clearTimeout(limit);
      server.off('connection', restart);
      netClose.call(server, onDrained);
      resolve();
    };
    const restart = () => {
      clearTimeout(quiet);
      quiet = setTimeout(close, LISTEN_QUIET_MS);
    };
    server.on('connection', restart);
    restart();
    const limit = setTimeout(close, LISTEN_STOP_MAX_MS);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
