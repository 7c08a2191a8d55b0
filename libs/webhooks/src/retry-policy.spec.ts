import { nextAttemptDelay } from './retry-policy';

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
