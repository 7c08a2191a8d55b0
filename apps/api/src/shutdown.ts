import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, Dependencies } from '@app/core';
import { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { Logger } from 'pino';

/** Set on an HTTP server once it drains: its answers from then on close their connection. */
const DRAINING = Symbol('draining');

type ShutdownServer = Server & { [DRAINING]?: boolean };

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
 * After the listener closes, idle connections are closed once no request has come on any connection for
 * IDLE_QUIET_MS (step 3 below), looked at every IDLE_SWEEP_MS.
 */
const IDLE_QUIET_MS = 500;
const IDLE_SWEEP_MS = 100;
const netClose = NetServer.prototype.close;
/** After the delay, the listener closes once no connection has come for this long (see stopListening)… */
const LISTEN_QUIET_MS = 200;
/** …or once this long has passed in any case. */
const LISTEN_STOP_MAX_MS = 2_000;

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
 * 3. It stops accepting connections (stopListening: at a moment when none are coming, so that the kernel
 *    has none queued to reset; new ones are then refused, which a proxy retries elsewhere safely, POSTs
 *    included, since nothing was sent). Every request that reaches it on a connection it holds is still
 *    answered, with `Connection: close`, until SHUTDOWN_TIMEOUT: a proxy that does not retry (no
 *    `http_503` in nginx's `proxy_next_upstream`) must never receive a refusal for a request it sent in
 *    good faith. Connections without a request in progress are closed once no request at all has come
 *    for IDLE_QUIET_MS: closing an idle keep-alive connection races with a client reusing it at that
 *    instant (its request meets a reset; nginx answers 502 for a POST), and while requests keep coming
 *    a proxy is still using the connections it holds — each carries one more request and closes with
 *    its answer — until its next new connection is refused and it marks this instance down. When they
 *    stop, nobody is about to reuse what is left (nginx drops an idle connection the moment it is
 *    closed, before its fail_timeout sends it back here).
 * 4. After SHUTDOWN_TIMEOUT seconds, connections still busy are closed (logged with their count).
 * 5. Nest's shutdown hooks run (the database pool, the embedded server); a request that still reaches
 *    the application while it closes — only possible after SHUTDOWN_TIMEOUT — gets our 503
 *    problem+json (http/request-edge.hook.ts), never Fastify's own body.
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
  logger.info('no longer accepting connections; answering the requests on open connections');
  let lastRequest = Date.now();
  const seen = () => (lastRequest = Date.now());
  server.on('request', seen);
  const sweep = setInterval(() => {
    if (Date.now() - lastRequest >= IDLE_QUIET_MS) server.closeIdleConnections();
  }, IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), config.shutdownTimeout * 1000);
  });
  const finished = await Promise.race([drained, timedOut]);
  clearInterval(sweep);
  server.off('request', seen);
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
 * The shutdown settings for a signal. SHUTDOWN_DELAY is there for a load balancer to notice; Ctrl-C
 * (SIGINT) outside production comes from a developer's terminal, with no balancer to tell, so it skips
 * the delay (in-flight requests are still answered). In production SIGINT waits like SIGTERM.
 */
export function shutdownFor(
  signal: NodeJS.Signals,
  config: Pick<AppConfig, 'production' | 'shutdownDelay' | 'shutdownTimeout'>,
): Pick<AppConfig, 'shutdownDelay' | 'shutdownTimeout'> {
  const terminal = signal === 'SIGINT' && !config.production;
  return { shutdownDelay: terminal ? 0 : config.shutdownDelay, shutdownTimeout: config.shutdownTimeout };
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
      gracefulShutdown(app, shutdownFor(signal, config), logger, signal).then(
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
 * Closes the listening socket at a quiet moment; `onDrained` is called once no connection is left. Only
 * the listener: http.Server.close would also destroy every connection without a request in progress,
 * including one just accepted whose request is still unread in its socket buffer.
 *
 * When a listening socket closes, the kernel resets the connections it has completed but the process has
 * not accepted yet — and a proxy may already have sent a request on one: nginx answers 502 for a POST it
 * cannot retry. nginx open source does not poll health checks: it keeps sending to an instance until a
 * connection fails, and since every answer of the delay said `Connection: close` it opens a new
 * connection for each of those requests. Closing the listener at the end of the delay reset about one
 * POST a restart behind a plain nginx (measured: test/operations/rolling-restart.e2e-spec.ts). So:
 *
 * 1. Answers keep their connection again (the delay is over: this is no longer a signal to move on), so
 *    the proxy reuses the connections it holds instead of opening new ones, and connections stop coming.
 * 2. The listener closes once none has come for LISTEN_QUIET_MS (or after LISTEN_STOP_MAX_MS in any
 *    case), checked in the event loop's check phase: right after a poll phase, whose accepts have been
 *    seen, not from a timer that runs before connections queued meanwhile are accepted.
 * 3. Answers say `Connection: close` again: each connection the proxy holds carries one more request and
 *    closes; its next new connection is refused, which a proxy retries elsewhere (POSTs included, since
 *    nothing was sent) and marks this instance down.
 */
function stopListening(server: Server, onDrained: () => void): Promise<void> {
  const shutdownServer = server as ShutdownServer;
  shutdownServer[DRAINING] = false;
  return new Promise((resolve) => {
    const started = Date.now();
    let lastConnection = started;
    const seen = () => (lastConnection = Date.now());
    server.on('connection', seen);
    const check = () => {
      const now = Date.now();
      if (now - lastConnection < LISTEN_QUIET_MS && now - started < LISTEN_STOP_MAX_MS) {
        // Not yet: look again after a moment, in the check phase that follows the next poll.
        setTimeout(() => setImmediate(check), 5);
        return;
      }
      server.off('connection', seen);
      netClose.call(server, onDrained);
      shutdownServer[DRAINING] = true;
      resolve();
    };
    setImmediate(check);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
