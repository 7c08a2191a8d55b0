import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Background work (the periodic tasks' rounds, the webhook delivery loop) runs through
 * runAsBackgroundWork, so that whoever asked can tell its effects from a request's: the tests' SQL
 * recorder counts a request's statements and must leave out a round that lands inside its window.
 * Nothing is tracked until trackBackgroundWork() is called (the test harness does): the service itself
 * creates no AsyncLocalStorage, which would put a promise hook on every request.
 */
let storage: AsyncLocalStorage<string> | null = null;

export function trackBackgroundWork(): void {
  storage ??= new AsyncLocalStorage<string>();
}

export function runAsBackgroundWork<T>(name: string, work: () => T): T {
  return storage ? storage.run(name, work) : work();
}

/** The background work the current code runs for, if tracking is on and it is one. */
export function currentBackgroundWork(): string | undefined {
  return storage?.getStore();
}
