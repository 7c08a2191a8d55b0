import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_LOGGER } from '../logging/logger';

/** The neighbours the service talks to; the names are the `dependency` label of the metrics too. */
export type DependencyName = 'database' | 'redis' | 'smtp' | 'webhook';

export type DependencyState = 'up' | 'down';

export interface DependencyChange {
  dependency: DependencyName;
  state: DependencyState;
}

/**
 * What one neighbour is doing, as the service last saw it. Callers report each failure and each
 * success; the monitor turns that stream into transitions, so an outage writes one log line when it
 * starts and one when it ends — not one stack per request (a failing dependency under load would
 * otherwise flood the log exactly when the operator needs to read it).
 */
export class DependencyMonitor {
  private current: DependencyState = 'up';
  private failuresInOutage = 0;

  constructor(
    readonly name: DependencyName,
    private readonly logger: Logger,
    /** `warn` for an accelerator (Redis: the service carries on without it), `error` for the rest. */
    private readonly downLevel: 'warn' | 'error',
    private readonly notify: (change: DependencyChange) => void,
    /** Every failed call, not only the first of an outage (dependency_errors_total counts them). */
    private readonly onFailure: (dependency: DependencyName) => void = () => undefined,
  ) {}

  get state(): DependencyState {
    return this.current;
  }

  /** One failed call. Logs (once) when this starts an outage; the error's message only, no stack. */
  failed(error?: unknown): void {
    this.failuresInOutage++;
    this.onFailure(this.name);
    if (this.current === 'down') return;
    this.current = 'down';
    const message = error instanceof Error ? error.message : error === undefined ? undefined : String(error);
    this.logger[this.downLevel]({ dependency: this.name, error: message }, `${this.name} unavailable`);
    this.notify({ dependency: this.name, state: 'down' });
  }

  /** One successful call. Logs (once) when this ends an outage. */
  succeeded(): void {
    if (this.current === 'up') return;
    this.current = 'up';
    this.logger.info(
      { dependency: this.name, failedCalls: this.failuresInOutage },
      `${this.name} available again`,
    );
    this.failuresInOutage = 0;
    this.notify({ dependency: this.name, state: 'up' });
  }
}

/**
 * Every dependency monitor of the process, and whether the process is shutting down: what
 * `/health/ready` reports and what metrics read. One per process (global in CoreModule).
 */
@Injectable()
export class Dependencies {
  private readonly monitors = new Map<DependencyName, DependencyMonitor>();
  private readonly listeners = new Set<(change: DependencyChange) => void>();
  private readonly failureListeners = new Set<(dependency: DependencyName) => void>();
  private closing = false;

  constructor(@Inject(APP_LOGGER) private readonly logger: Logger) {}

  /** The monitor of one dependency (created on first use; the same object afterwards). */
  monitor(name: DependencyName, downLevel: 'warn' | 'error' = 'error'): DependencyMonitor {
    let monitor = this.monitors.get(name);
    if (!monitor) {
      monitor = new DependencyMonitor(
        name,
        this.logger,
        downLevel,
        (change) => {
          for (const listener of this.listeners) listener(change);
        },
        (dependency) => {
          for (const listener of this.failureListeners) listener(dependency);
        },
      );
      this.monitors.set(name, monitor);
    }
    return monitor;
  }

  /** The state of a dependency that has a monitor, else undefined (not configured or never used). */
  state(name: DependencyName): DependencyState | undefined {
    return this.monitors.get(name)?.state;
  }

  /** Called on each transition of any dependency (metrics, tests). Returns the unsubscribe function. */
  onChange(listener: (change: DependencyChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called on every failed call of any dependency (the metrics' counter). Returns the unsubscribe function. */
  onFailure(listener: (dependency: DependencyName) => void): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /** SIGTERM was received: readiness answers 503 from now on, so load balancers stop sending traffic. */
  beginShutdown(): void {
    this.closing = true;
  }

  get shuttingDown(): boolean {
    return this.closing;
  }
}
