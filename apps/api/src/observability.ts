import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AppConfig,
  Dependencies,
  Metrics,
  nameRequestSpan,
  startMetricsServer,
  stopMetricsServer,
  stopTracing,
  tracingEnabled,
} from '@app/core';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * Metrics (METRICS_PORT) and tracing (OTEL_EXPORTER_OTLP_ENDPOINT; started by tracing.ts before
 * anything else loads) on the HTTP server. Each adds its hooks only when it is on: with both off,
 * not one step is added to a request.
 */
export async function configureObservability(
  app: NestFastifyApplication,
  fastify: FastifyInstance,
  config: AppConfig,
  logger: Logger,
): Promise<void> {
  if (tracingEnabled()) {
    // The server span is named after the route pattern that matched (`GET /v1/user/stores/:id`): a raw
    // path would make one span name per id.
    fastify.addHook('onRequest', (request, _reply, done) => {
      nameRequestSpan(request.method, request.routeOptions.url);
      done();
    });
    // Whatever is still buffered is exported before the process exits.
    fastify.addHook('onClose', () => stopTracing());
  }
  const metrics = app.get(Metrics);
  if (!metrics.enabled || config.metricsPort == null) return;
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.recordRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get(Dependencies).onFailure((dependency) => metrics.dependencyFailed(dependency));
  const dataSource = app.get(DataSource, { strict: false });
  metrics.observePool(() => {
    const pool = (dataSource.driver as PostgresDriver | undefined)?.master as Pool | undefined;
    if (!pool || typeof pool.totalCount !== 'number') return null;
    return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  });
  const server = await startMetricsServer(metrics, config.metricsPort, config.metricsHost, logger);
  fastify.addHook('onClose', () => stopMetricsServer(server));
}
