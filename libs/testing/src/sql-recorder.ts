import { Client } from 'pg';
import { currentBackgroundWork, trackBackgroundWork } from '@app/core';

// On from the moment a test file loads the harness, before its app starts its background work.
trackBackgroundWork();

/**
 * The SQL statements the app sends while `work` runs (every statement goes through pg's Client#query:
 * the pool's and TypeORM's alike), except background work's (the webhook delivery loop, the periodic tasks'
 * rounds: they run on their own timers, so one of their statements can land inside any request's window).
 */
export async function recordSql<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const original = Client.prototype.query;
  const statements: string[] = [];
  (Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
    this: Client,
    ...args: unknown[]
  ) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (currentBackgroundWork() === undefined) statements.push(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    Client.prototype.query = original;
  }
}
