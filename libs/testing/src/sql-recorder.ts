import { Client } from 'pg';

/**
 * The SQL statements the app sends while `work` runs (every statement goes through pg's Client#query:
 * the pool's and TypeORM's alike), except the webhook job engine's: pg-boss polls on its own timer
 * (statements on its `pgboss` schema), so one of its fetches can land inside any request's window. The
 * outbox's statement that creates a change's deliveries also writes their jobs into that schema; it is
 * the request's own, so it is kept.
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
    if (!/\bpgboss\./.test(text) || /\bwebhook_deliveries\b/.test(text)) statements.push(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    Client.prototype.query = original;
  }
}
