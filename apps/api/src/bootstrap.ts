import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AuthRateLimit } from '@app/auth';
import {
  AppConfig,
  Caller,
  callerLabel,
  Dependencies,
  DomainError,
  Errors,
  jsonBodyProblem,
  PinoNestLogger,
} from '@app/core';
import { OAUTH_PATH_PREFIX } from '@app/oauth-apps';
import { writeError } from './error-transports';
import { DrainingAwareResponse, refusedWhileStopping, startDraining } from './shutdown';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import { configureObservability } from './observability';
import { registerConsole } from './console';

export const BODY_LIMIT = 102_400;

/** Every route the HTTP server registered, per app: lets a test check the OpenAPI document covers them all. */
export const REGISTERED_ROUTES = new WeakMap<object, { method: string; url: string }[]>();
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
// Answers under these prefixes carry tokens, secrets or personal data: never stored by a cache.
const NO_STORE_PREFIXES = ['/v1/auth/', '/v1/user/'];

/**
 * Builds the whole application on Fastify — used by main.ts and by every end-to-end test, so the tests
 * exercise exactly the wiring that production runs.
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
    // (no problem+json, no X-Request-Id, no log line): the request hook below refuses them instead.
    return503OnClosing: false,
    // After SIGTERM every answer carries `Connection: close`, including those of requests that were
    // already running (apps/api/src/shutdown.ts).
    http: { ServerResponse: DrainingAwareResponse },
    // Errors Fastify raises before routing (a path with malformed percent-encoding or invalid UTF-8,
    // an over-long path parameter) answer in problem+json like everything else.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      reply.header('X-Request-Id', request.id);
      writeError(error, request, reply, logger);
    },
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
    // Body parsing is configured below (empty JSON bodies, malformed_body, the 100 KiB limit).
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const routes: { method: string; url: string }[] = [];
  REGISTERED_ROUTES.set(app, routes);
  // The /v1/auth rate limit (libs/auth) on the routes it limits, decided once as each is registered: it
  // runs after routing and the CORS headers, before the body is read and before any guard, so every
  // request to the prefix counts.
  const rateLimit = app.get(AuthRateLimit);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url });
    if (rateLimit.limits(route.url))
      route.preParsing = [rateLimit.preParsing, ...[route.preParsing ?? []].flat()];
  });
  const apiSecurity = apiSecurityHeaders(config);
  const docsSecurity = securityHeaders(config);
  configureHttp(fastify, logger, app.get(Dependencies), (url) =>
    url.startsWith('/docs') ? docsSecurity : apiSecurity,
  );
  // Metrics (METRICS_PORT) and tracing (OTEL_EXPORTER_OTLP_ENDPOINT): hooks only when they are on.
  await configureObservability(app, fastify, config, logger);
  app.enableCors({
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'Idempotency-Key', 'X-Client-Info'],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'RateLimit', 'WWW-Authenticate', 'Idempotent-Replayed'],
    maxAge: 600,
  });
  setupOpenApi(app, config);
  registerConsole(fastify);
  return app;
}

/**
 * The security headers of a JSON API answer, the set OWASP's REST Security Cheat Sheet asks of every API
 * response: nothing may frame it (CSP frame-ancestors, and X-Frame-Options for older browsers) or load
 * anything from it as a document (default-src 'none'), browsers must not sniff its type, HSTS behind
 * https. Headers that govern HTML documents — helmet's cross-origin isolation, DNS prefetch, download
 * options, and Referrer-Policy (a JSON answer that can load nothing has no referrer to leak) — protect
 * nothing here, and every header costs the server and every client parsing it on every answer
 * (bench/README.md). The OpenAPI UI (/docs) keeps helmet's full set; the console (/console) sets its own
 * policy.
 */
function apiSecurityHeaders(config: AppConfig): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  };
  if (config.publicUrl.startsWith('https://'))
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/**
 * Helmet's security headers (for the OpenAPI UI's HTML), computed once at start. They do not depend on the request, and
 * @fastify/helmet rebuilds helmet and re-parses the CSP on every request (~30–45 µs, about a third of
 * a trivial request's CPU: bench/README.md).
 */
function securityHeaders(config: AppConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: unknown) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // Local development runs on plain http://localhost; TLS is the front proxy's business.
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.publicUrl.startsWith('https://'),
  })({} as never, collector as never, () => undefined);
  return headers;
}

function configureHttp(
  fastify: FastifyInstance,
  logger: Logger,
  dependencies: Dependencies,
  securityHeadersFor: (url: string) => Record<string, string>,
): void {
  // Once the application itself closes (Nest's shutdown hooks, the pool going away), a request that
  // still arrives on an open connection is refused in problem+json (apps/api/src/shutdown.ts).
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    dependencies.beginShutdown();
    startDraining(fastify.server);
    done();
  });
  // Every request has a `caller` from the start (null until the access guard or the storefront hook
  // authenticates it), so authenticated and public requests share one object shape: a property added
  // to some requests only makes V8's inline caches in Fastify's and Nest's shared code slower for all.
  fastify.decorateRequest('caller', null);
  // One onRequest hook for everything every answer carries (each hook is a step on every request).
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request.url));
    reply.header('X-Request-Id', request.id);
    // Closing, or stopping after SHUTDOWN_DELAY and the request is one a proxy retries elsewhere.
    if (closing || (dependencies.shuttingDown && refusedWhileStopping(request.raw)))
      return done(shuttingDown());
    // Decided on the route that matched (however its path was spelled), else on the decoded path.
    const route = request.routeOptions.url ?? safeDecode(request.url.split('?')[0]);
    if (NO_STORE_PREFIXES.some((prefix) => route.startsWith(prefix)))
      reply.header('Cache-Control', 'no-store');
    // A NUL can never be stored (PostgreSQL text refuses it) and has no business in a path or query.
    if (request.url.includes('%00')) {
      return done(
        Errors.validation([{ field: 'query', message: 'may not contain the NUL character (U+0000)' }]),
      );
    }
    done();
  });
  // One structured line per request: path without its query string (which could carry a token), the
  // client address (request.ip, after TRUST_PROXY), who called (`account:<id>`, `app:<id>`,
  // `public_token:<id>`: ids, never a token) and the user agent; no other header, no bodies. Its fields
  // are fixed and none is a name on the redact list, so it goes through a child logger without the
  // redaction pass — same output, but the redaction cost ~25–30 µs per line, the largest part of the
  // per-request logging cost (see bench/README.md).
  // The level is fixed at start (LOG_LEVEL): above info, no request is logged and no hook is added.
  const requestLog = logger.child({}, { redact: [] });
  if (requestLog.isLevelEnabled('info')) {
    fastify.addHook('onResponse', (request, reply, done) => {
      requestLog.info(
        {
          reqId: request.id,
          method: request.method,
          path: request.url.split('?')[0],
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          ip: request.ip,
          caller: callerLabel((request as FastifyRequest & { caller: Caller | null }).caller),
          userAgent: request.headers['user-agent'],
        },
        'request',
      );
      done();
    });
  }
  // JSON bodies: an empty body counts as no body (clients often send the header on bodiless POSTs);
  // anything unparsable is 400 malformed_body. Fastify's own parser guards against prototype poisoning.
  // Bodies are read as bytes and decoded once (parseAs 'buffer'): reading as a string would set an
  // encoding on the request stream, adding state to it that bodiless requests never have (the same
  // one-shape reason as `caller` above). Invalid UTF-8 decodes to U+FFFD either way.
  const defaultJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  // Bodies are JSON; a text/plain body is 415, not a string handed to the validators.
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (request, body: Buffer, done) => {
      const text = body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      defaultJson(request, text, (error, value) => {
        if (error) return done(Errors.malformedBody(), undefined);
        // Depth, lone surrogates and NULs, for REST and GraphQL alike, before any validator sees it.
        const problem = jsonBodyProblem(value);
        if (problem) return done(Errors.validation([problem]), undefined);
        done(null, value);
      });
    },
  );
  // Form bodies, for the OAuth endpoints only (RFC 6749 requires them there). Elsewhere a form is 415
  // like any non-JSON body, so a cross-site HTML form cannot post to the JSON API. A repeated name
  // becomes an array (the OAuth handlers refuse repeats); a null prototype keeps `__proto__` inert.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (request, body: Buffer, done) => {
      if (!request.url.startsWith(OAUTH_PATH_PREFIX)) {
        return done(new DomainError('unsupported_media_type', 'Send application/json.'), undefined);
      }
      const params: Record<string, string | string[]> = Object.create(null);
      for (const [name, value] of new URLSearchParams(body.toString('utf8'))) {
        const previous = params[name];
        params[name] = previous === undefined ? value : [...[previous].flat(), value];
      }
      // The JSON body's Unicode rules (no NUL, no lone surrogate, in names or values): a NUL would
      // otherwise reach PostgreSQL and fail there as a 500. At the OAuth endpoints: 400 invalid_request.
      const problem = jsonBodyProblem(params);
      if (problem) return done(Errors.validation([problem]), undefined);
      done(null, params);
    },
  );
  // Errors raised by Fastify before Nest sees the request (body too large, bad JSON, bad media type).
  fastify.setErrorHandler((error, request, reply) =>
    writeError(error, request as FastifyRequest, reply, logger),
  );
}

function shuttingDown(): DomainError {
  return new DomainError('unavailable', 'This instance is shutting down; retry the request.', {
    retryAfter: 1,
  });
}

/** The path as the router sees it; a malformed escape leaves it as sent (the router answers that). */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function setupOpenApi(app: NestFastifyApplication, config: AppConfig): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Storefront Platform API')
      .setDescription('The REST API of the Storefront Platform. Errors are RFC 9457 problem+json.')
      .setVersion('1')
      .addServer(config.publicUrl)
      .addBearerAuth()
      .addBasicAuth()
      .build(),
  );
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs/openapi.json',
    yamlDocumentUrl: 'docs/openapi.yaml',
  });
}
