import { context, trace } from '@opentelemetry/api';
import type { IncomingMessage, RequestOptions } from 'node:http';
import { otlpProtocol, otlpProtocolProblems } from './otlp-protocol';
import { loggablePath } from './secret-paths';
import { serviceVersion } from './version';

/**
 * OpenTelemetry tracing, on only when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): a span for each HTTP request (the http instrumentation, which
 * also continues an incoming W3C `traceparent`), one for each database query (the pg instrumentation),
 * exported over OTLP/HTTP in the protocol OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL names: `http/protobuf`
 * (the OTel default) or `http/json`. The exporters read the standard variables themselves (endpoint,
 * headers, timeout, compression), the batch processor OTEL_BSP_*, the sampler OTEL_TRACES_SAMPLER(_ARG),
 * the resource OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES.
 *
 * Instrumentation works by patching modules as they are required, so this must run before pg, http or
 * fastify is loaded: apps/api/src/tracing.ts, the first import of main.ts. With tracing off nothing of
 * the SDK is even loaded (the requires below are lazy) and no hook or log mixin is installed.
 */

let enabled = false;
let shutdown: (() => Promise<void>) | null = null;

/** Whether tracing was started in this process (decides the log mixin and the route-naming hook). */
export function tracingEnabled(): boolean {
  return enabled;
}

/** The trace and span id of the active span, for a log line; nothing outside a span. */
export function traceFields(): { traceId?: string; spanId?: string } {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

/** Names the request's server span after its route pattern (`GET /v1/user/stores/:id`), never the raw path. */
export function nameRequestSpan(method: string, route: string | undefined): void {
  if (!route) return;
  const span = trace.getSpan(context.active());
  if (!span) return;
  span.setAttribute('http.route', route);
  span.updateName(`${method} ${route}`);
}

export class TracingConfigError extends Error {}

/**
 * Query parameters whose values never reach a span: OAuth authorization codes and state (the social
 * login callbacks), the console's login code, tokens, secrets, and the instrumentation's own defaults
 * (signed-URL signatures).
 */
const REDACTED_QUERY_PARAMS = [
  'code',
  'state',
  'login_code',
  'code_verifier',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'client_secret',
  'otp',
  'password',
  'secret',
  'sig',
  'Signature',
  'AWSAccessKeyId',
  'X-Goog-Signature',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
];

type Env = Record<string, string | undefined>;

/**
 * A webhook attempt (a Standard Webhooks request: it carries `webhook-id`). It goes to a customer's
 * endpoint, so it gets no span and carries no `traceparent` of ours (contract §11): our trace ids are not
 * the receiver's business, and a span would record the endpoint's URL, query string included.
 */
export function isWebhookAttempt(options: RequestOptions): boolean {
  const headers = options.headers;
  if (!headers || Array.isArray(headers)) return false;
  return Object.keys(headers).some((name) => name.toLowerCase() === 'webhook-id');
}

export function tracingRequested(env: Env = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/** Starts the SDK if tracing is requested; idempotent. Throws TracingConfigError for an unsupported protocol. */
export function startTracing(env: Env = process.env): boolean {
  if (enabled || !tracingRequested(env)) return enabled;
  // loadConfig reports the same problems, among every other bad variable (main.ts).
  const [problem] = otlpProtocolProblems(env);
  if (problem) throw new TracingConfigError(`Configuration error: ${problem.variable} ${problem.problem}`);
  const protocol = otlpProtocol(env);
  const { NodeTracerProvider, BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { detectResources, envDetector, hostDetector, resourceFromAttributes } =
    require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { registerInstrumentations } =
    require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { OTLPTraceExporter } = (
    protocol === 'http/json'
      ? require('@opentelemetry/exporter-trace-otlp-http')
      : require('@opentelemetry/exporter-trace-otlp-proto')
  ) as typeof import('@opentelemetry/exporter-trace-otlp-http');

  // Our defaults first, then what the environment says (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES) wins.
  // Not the process detector: it exports the command line, where someone may have put a secret.
  const resource = resourceFromAttributes({
    'service.name': 'storefront-api',
    'service.version': serviceVersion(),
    'process.pid': process.pid,
    'process.runtime.name': 'nodejs',
    'process.runtime.version': process.versions.node,
  }).merge(detectResources({ detectors: [hostDetector, envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context + baggage propagators.
  provider.register();
  // Scrapes of the metrics port are not requests of the service: no span for each.
  const metricsPort = env.METRICS_PORT ? Number(env.METRICS_PORT) : null;
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Spans carry the query string (`url.query`, `url.full`): a credential in it is replaced by
        // REDACTED, as the logs leave the query out altogether.
        redactedQueryParamsServer: REDACTED_QUERY_PARAMS,
        redactedQueryParams: REDACTED_QUERY_PARAMS,
        // A secret in the path (the invitation page's token) is replaced as in the log (secret-paths.ts):
        // these attributes override the instrumentation's own `url.path`.
        startIncomingSpanHook: (request: IncomingMessage) => ({ 'url.path': loggablePath(request.url) }),
        ignoreIncomingRequestHook: (request: IncomingMessage) =>
          metricsPort !== null && request.socket.localPort === metricsPort,
        ignoreOutgoingRequestHook: isWebhookAttempt,
      }),
      // requireParentSpan: a query outside any request (migrations, the purge job) starts no trace of its
      // own. No span per pool checkout: a third of the spans for little (a wait for a connection shows
      // as the gap before the query span, and in db_pool_connections{state="waiting"}).
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
    ],
  });
  enabled = true;
  shutdown = () => provider.shutdown();
  return true;
}

/** Exports what is still buffered and stops the SDK (on shutdown); nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const stop = shutdown;
  shutdown = null;
  if (stop) await stop();
}
