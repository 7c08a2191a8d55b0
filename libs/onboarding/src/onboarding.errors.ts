import { errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const ONBOARDING_ERROR_CODES = [
  'onboarding_out_of_order',
  'onboarding_incomplete',
  'onboarding_completed',
] as const;
const onboardingError = errorFactory(ONBOARDING_ERROR_CODES);

export const OnboardingErrors = {
  /** `missingStage` names the first stage to fill; `missingStages` all of those still needed before this one. */
  outOfOrder: (stage: number, missing: number[]) =>
    onboardingError(
      'onboarding_out_of_order',
      `Stage ${missing[0]} must be completed before stage ${stage}.`,
      { extensions: { missingStage: missing[0], missingStages: missing } },
    ),
  incomplete: (missing: number[]) =>
    onboardingError(
      'onboarding_incomplete',
      `Onboarding cannot be completed: stage${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not filled.`,
      { extensions: { missingStages: missing } },
    ),
  completed: () =>
    onboardingError(
      'onboarding_completed',
      'The store has completed onboarding; edit it with PUT /v1/user/stores/{id}.',
    ),
};
