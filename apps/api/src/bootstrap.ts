import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthRateLimit } from '@app/auth';
import { AppConfig, Dependencies, PinoNestLogger } from '@app/core';
import { PublicTokensService } from '@app/public-tokens';
import { StorefrontConditionalGet, StorefrontHttpAuth } from '@app/storefront';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import { registerConsole } from './http/console.routes';
import { addBodyParsers, BODY_LIMIT } from './http/body-parsers';
import { addCompression } from './http/compression';
import { addCors } from './http/cors';
import { addErrorHandler, frameworkErrorWriter } from './http/error-transports';
import { addLingeringClose } from './http/lingering-close';
import { setupOpenApi } from './http/openapi';
import { addRequestEdgeHook } from './http/request-edge.hook';
import { requestId } from './http/request-id';
import { addRequestLog } from './http/request-log.hook';
import { addRouteHooks } from './http/route-hooks';
import { securityHeadersFor } from './http/security-headers';
import { configureObservability } from './observability';
import { DrainingAwareResponse } from './shutdown';

/**
 * Builds the whole application on Fastify — used by main.ts and by every end-to-end test, so the tests
 * exercise exactly the wiring that production runs. Each HTTP job is one file under ./http; this is the
 * order they are put together in.
 */
export async function createApp(config: AppConfig, logger: Logger): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    logger: false,
    requestIdHeader: false,
    // TRUST_PROXY: which X-Forwarded-For hops to believe; request.ip (rate limits, the session's ip)
    // is the client address this yields. Unset: the header is ignored.
    trustProxy: config.trustProxy,
    // While closing, Fastify would answer requests on open keep-alive connections with its own 503 body
    // (no problem+json, no X-Request-Id, no log line): the request edge hook refuses them instead.
    return503OnClosing: false,
    // After SIGTERM every answer carries `Connection: close`, including those of requests that were
    // already running (apps/api/src/shutdown.ts).
    http: { ServerResponse: DrainingAwareResponse },
    frameworkErrors: frameworkErrorWriter(logger),
    genReqId: requestId,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
    // Body parsing is configured below (empty JSON bodies, malformed_body, the 100 KiB limit).
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  addRouteHooks(
    fastify,
    app.get(AuthRateLimit),
    app.get(StorefrontHttpAuth),
    app.get(StorefrontConditionalGet),
  );
  addRequestEdgeHook(fastify, app.get(Dependencies), securityHeadersFor(config));
  addCors(fastify, config, app.get(PublicTokensService));
  addRequestLog(fastify, logger);
  addBodyParsers(fastify);
  addLingeringClose(fastify);
  addErrorHandler(fastify, logger);
  // Metrics (METRICS_PORT) and tracing (OTEL_EXPORTER_OTLP_ENDPOINT): hooks only when they are on.
  await configureObservability(app, fastify, config, logger);
  // Before any route is declared (the console's below, Nest's at init): it compresses through their hooks.
  await addCompression(app);
  setupOpenApi(app, config);
  registerConsole(fastify);
  return app;
}
