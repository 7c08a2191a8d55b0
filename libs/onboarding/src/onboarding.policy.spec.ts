import { DomainError } from '@app/core';
import { OnboardingPolicy } from './onboarding.policy';

const onboarding = (...completedStages: number[]) => ({ status: 'onboarding' as const, completedStages });
const active = { status: 'active' as const, completedStages: [1, 2, 3, 4] };

function conflict(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    return error as DomainError;
  }
  throw new Error('expected a conflict');
}

describe('OnboardingPolicy', () => {
  it('starts with stage 1 filled', () => {
    expect(OnboardingPolicy.initialStages()).toEqual([1]);
  });

  it('fills stages in order and keeps the list sorted', () => {
    expect(OnboardingPolicy.fill(onboarding(1), 2)).toEqual([1, 2]);
    expect(OnboardingPolicy.fill(onboarding(1, 2), 3)).toEqual([1, 2, 3]);
    expect(OnboardingPolicy.fill(onboarding(1, 2, 3), 4)).toEqual([1, 2, 3, 4]);
  });

  it('lets a filled stage be sent again before completion', () => {
    expect(OnboardingPolicy.fill(onboarding(1, 2, 3), 2)).toEqual([1, 2, 3]);
    expect(OnboardingPolicy.fill(onboarding(1, 2, 3, 4), 4)).toEqual([1, 2, 3, 4]);
  });

  it('names the first missing stage when out of order', () => {
    const e = conflict(() => OnboardingPolicy.fill(onboarding(1), 3));
    expect(e.code).toBe('onboarding_out_of_order');
    expect(e.options.extensions).toEqual({ missingStage: 2, missingStages: [2] });
    expect(e.message).toMatch(/Stage 2/);
    const e4 = conflict(() => OnboardingPolicy.fill(onboarding(1), 4));
    expect(e4.options.extensions).toEqual({ missingStage: 2, missingStages: [2, 3] });
    const e4b = conflict(() => OnboardingPolicy.fill(onboarding(1, 2), 4));
    expect(e4b.options.extensions).toEqual({ missingStage: 3, missingStages: [3] });
  });

  it('refuses every stage after completion', () => {
    for (const stage of [2, 3, 4] as const) {
      expect(conflict(() => OnboardingPolicy.fill(active, stage)).code).toBe('onboarding_completed');
    }
  });

  it('completes only with every stage filled, listing the missing ones', () => {
    expect(OnboardingPolicy.complete(onboarding(1, 2, 3, 4))).toBe('activate');
    const e = conflict(() => OnboardingPolicy.complete(onboarding(1, 2)));
    expect(e.code).toBe('onboarding_incomplete');
    expect(e.options.extensions).toEqual({ missingStages: [3, 4] });
    expect(conflict(() => OnboardingPolicy.complete(onboarding(1))).options.extensions).toEqual({
      missingStages: [2, 3, 4],
    });
  });

  it('answers an active store unchanged on complete (idempotent)', () => {
    expect(OnboardingPolicy.complete(active)).toBe('unchanged');
  });
});
