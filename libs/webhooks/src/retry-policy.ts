/** The owner's request for an attempt now: on a pending delivery (`resume`) or a settled one (`once`). */
export type ManualAttempt = 'resume' | 'once';

/**
 * When the next attempt comes after attempt `attemptNumber` (1-based) failed: the schedule's
 * (attemptNumber − 1)th step plus up to 10 % jitter (so the deliveries of one burst do not all come back
 * in the same second), or later when a 429/503 answer's Retry-After asks for more. Null when the
 * schedule is used up: the delivery has failed.
 */
export function nextAttemptDelay(
  schedule: readonly number[],
  attemptNumber: number,
  retryAfter: number | null,
  random: () => number = Math.random,
): number | null {
  const step = schedule[attemptNumber - 1];
  if (step === undefined) return null;
  const jittered = step * (1 + 0.1 * random());
  // A Retry-After longer than the step is honoured; capped at a day, so an endpoint cannot park a delivery.
  if (retryAfter !== null && retryAfter > jittered) return Math.min(retryAfter, 86_400);
  return jittered;
}

/** What an attempt makes of its delivery. */
export interface AfterAttempt {
  status: 'succeeded' | 'pending' | 'failed';
  /** Seconds to the next attempt, when the delivery stays pending. */
  delaySeconds: number | null;
  /** One more failed delivery in the endpoint's run (WEBHOOK_DISABLE_AFTER in a row disable it). */
  failedDelivery: boolean;
}

/**
 * A 2xx delivers. Anything else schedules the next attempt while the schedule lasts, except a 410 (the
 * endpoint is gone: disabled at once, no more attempts) and a `once` attempt — the owner's retry of a
 * delivery that had settled, whose outcome is the delivery's status and which does not count towards
 * disabling the endpoint again.
 */
export function afterAttempt(
  outcome: { statusCode: number | null; retryAfter: number | null },
  attemptNumber: number,
  manual: ManualAttempt | null,
  schedule: readonly number[],
  random?: () => number,
): AfterAttempt {
  const status = outcome.statusCode;
  if (status !== null && status >= 200 && status < 300)
    return { status: 'succeeded', delaySeconds: null, failedDelivery: false };
  const delay =
    status === 410 || manual === 'once'
      ? null
      : nextAttemptDelay(schedule, attemptNumber, outcome.retryAfter, random);
  if (delay !== null) return { status: 'pending', delaySeconds: delay, failedDelivery: false };
  return { status: 'failed', delaySeconds: null, failedDelivery: status !== 410 && manual !== 'once' };
}
