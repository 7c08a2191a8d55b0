import { createServer, Server } from 'node:http';
import type { Logger } from 'pino';
import type { Metrics } from './metrics';

/**
 * The metrics endpoint: its own small HTTP server on METRICS_PORT (bound to METRICS_HOST, loopback by
 * default: not on HOST, which is every interface by default), answering only
 * `GET /metrics`. Apart from the API port so that it can be kept off the public network (a scraper
 * reaches it inside the cluster; the load balancer never routes to it), and so that a scrape never
 * queues behind API traffic or goes through the API's hooks, limits and logs.
 */
export async function startMetricsServer(
  metrics: Metrics,
  port: number,
  host: string,
  logger: Logger,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end();
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: Error) => {
        logger.error({ err: { message: error.message } }, 'metrics collection failed');
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Collection failed\n');
      },
    );
  });
  // A scraper keeps its connection open between scrapes; closing must not wait for it.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Stops the metrics server, closing idle scraper connections rather than waiting for them. */
export function stopMetricsServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
