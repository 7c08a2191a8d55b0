import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG, AppConfig } from '../config/config';
import type { DependencyName } from '../health/dependencies';

/** The `route` label of a request that matched no route: one fixed value, so a scan of random paths cannot grow the series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** What the database pool holds at scrape time (pg's Pool: totalCount, idleCount, waitingCount). */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

/** How a webhook delivery attempt ended (the `result` label of webhook_deliveries_total). */
export type WebhookDeliveryResult = 'delivered' | 'failed' | 'timeout' | (string & {});

/**
 * The Prometheus metrics of the process (METRICS_PORT; served by metrics-server.ts, never on the API
 * port). With METRICS_PORT unset nothing is created: every method is a no-op and the HTTP hook that
 * records requests is not even added (apps/api/src/observability.ts), so metrics off costs nothing per
 * request.
 *
 * One registry per instance (not prom-client's global one): the tests build several apps in one
 * process, each must count only its own requests.
 */
@Injectable()
export class Metrics {
  readonly registry: Registry | null;
  private readonly httpDuration?: Histogram<'method' | 'route' | 'status_code'>;
  private readonly rateLimitRejections?: Counter<'route'>;
  private readonly dependencyErrors?: Counter<'dependency'>;
  private readonly webhookDeliveries?: Counter<'result'>;
  private poolCounts: (() => PoolCounts | null) | null = null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (config.metricsPort === null || config.metricsPort === undefined) {
      this.registry = null;
      return;
    }
    const registry = new Registry();
    this.registry = registry;
    // process_cpu_seconds_total, nodejs_heap_size_used_bytes, nodejs_eventloop_lag_seconds, GC, handles…
    collectDefaultMetrics({ register: registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request arriving to the answer being sent, by route pattern.',
      labelNames: ['method', 'route', 'status_code'],
      // Fastify answers a cached read in well under a millisecond; a slow neighbour in seconds.
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    this.rateLimitRejections = new Counter({
      name: 'rate_limit_rejections_total',
      help: 'Requests refused with 429 rate_limited, by route pattern.',
      labelNames: ['route'],
      registers: [registry],
    });
    this.dependencyErrors = new Counter({
      name: 'dependency_errors_total',
      help: 'Failed calls to a neighbour (database, redis, smtp, webhook).',
      labelNames: ['dependency'],
      registers: [registry],
    });
    // Every label value from the start: a counter at 0 is a series an alert can watch before the first
    // failure (an absent series and a zero look different to PromQL's rate()).
    for (const dependency of ['database', 'redis', 'smtp', 'webhook'] satisfies DependencyName[])
      this.dependencyErrors.inc({ dependency }, 0);
    this.webhookDeliveries = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts, by result.',
      labelNames: ['result'],
      registers: [registry],
    });
    const poolCounts = () => this.poolCounts?.() ?? null;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections: idle, busy (checked out), waiting (callers queued for one).',
      labelNames: ['state'],
      registers: [registry],
      // Read at scrape time from the pool itself: nothing to keep in step on the request path.
      collect() {
        const counts = poolCounts();
        if (!counts) return;
        this.set({ state: 'idle' }, counts.idle);
        this.set({ state: 'busy' }, counts.total - counts.idle);
        this.set({ state: 'waiting' }, counts.waiting);
      },
    });
  }

  get enabled(): boolean {
    return this.registry !== null;
  }

  /** Where db_pool_connections reads from (the composition root knows the pool). */
  observePool(counts: () => PoolCounts | null): void {
    this.poolCounts = counts;
  }

  /** One answered request. `route` is the registered pattern, or undefined when nothing matched. */
  recordRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    if (!this.httpDuration) return;
    const label = route ?? UNMATCHED_ROUTE;
    this.httpDuration.observe({ method, route: label, status_code: statusCode }, seconds);
    if (statusCode === 429) this.rateLimitRejections!.inc({ route: label });
  }

  dependencyFailed(dependency: DependencyName): void {
    this.dependencyErrors?.inc({ dependency });
  }

  webhookDelivery(result: WebhookDeliveryResult): void {
    this.webhookDeliveries?.inc({ result });
  }

  /** The Prometheus text exposition of everything above. */
  async render(): Promise<{ contentType: string; body: string }> {
    if (!this.registry) throw new Error('metrics are off (METRICS_PORT is unset)');
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
