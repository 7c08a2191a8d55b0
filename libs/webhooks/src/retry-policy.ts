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
