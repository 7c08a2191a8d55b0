import { afterAttempt, nextAttemptDelay } from './retry-policy';

describe('nextAttemptDelay', () => {
  const schedule = [5, 300, 1800];

  it('waits the step after attempt n fails (n-1 in the schedule), with up to 10 % jitter', () => {
    expect(nextAttemptDelay(schedule, 1, null, () => 0)).toBe(5);
    expect(nextAttemptDelay(schedule, 1, null, () => 0.999)).toBeCloseTo(5.4995);
    expect(nextAttemptDelay(schedule, 2, null, () => 0.5)).toBe(315);
    expect(nextAttemptDelay(schedule, 3, null, () => 0)).toBe(1800);
  });

  it('is null when the schedule is used up', () => {
    expect(nextAttemptDelay(schedule, 4, null)).toBeNull();
    expect(nextAttemptDelay([], 1, null)).toBeNull();
  });

  it('honours a Retry-After longer than the step, never a shorter one, at most a day', () => {
    expect(nextAttemptDelay(schedule, 1, 60, () => 0)).toBe(60);
    expect(nextAttemptDelay(schedule, 2, 60, () => 0)).toBe(300);
    expect(nextAttemptDelay(schedule, 1, 10 ** 9, () => 0)).toBe(86_400);
    expect(nextAttemptDelay(schedule, 4, 60)).toBeNull();
  });
});

describe('afterAttempt', () => {
  const schedule = [5, 300];
  const none = () => 0;
  const answered = (statusCode: number, retryAfter: number | null = null) => ({ statusCode, retryAfter });
  const noAnswer = { statusCode: null, retryAfter: null };

  it('a 2xx delivers, whatever came before', () => {
    expect(afterAttempt(answered(204), 3, null, schedule)).toEqual({
      status: 'succeeded',
      delaySeconds: null,
      failedDelivery: false,
    });
    expect(afterAttempt(answered(200), 1, 'once', schedule).status).toBe('succeeded');
  });

  it('a failure schedules the next attempt while the schedule lasts, then fails the delivery', () => {
    expect(afterAttempt(noAnswer, 1, null, schedule, none)).toEqual({
      status: 'pending',
      delaySeconds: 5,
      failedDelivery: false,
    });
    expect(afterAttempt(answered(503, 60), 1, 'resume', schedule, none).delaySeconds).toBe(60);
    expect(afterAttempt(answered(500), 3, null, schedule)).toEqual({
      status: 'failed',
      delaySeconds: null,
      failedDelivery: true,
    });
  });

  it('410 fails at once without counting a failed delivery (the endpoint is disabled as gone)', () => {
    expect(afterAttempt(answered(410), 1, null, schedule)).toEqual({
      status: 'failed',
      delaySeconds: null,
      failedDelivery: false,
    });
  });

  it("the owner's retry of a settled delivery is that one attempt and does not count", () => {
    expect(afterAttempt(answered(500), 1, 'once', schedule)).toEqual({
      status: 'failed',
      delaySeconds: null,
      failedDelivery: false,
    });
  });
});
