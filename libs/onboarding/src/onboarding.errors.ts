import { Errors } from '@app/core';

export const OnboardingErrors = {
  /** `missingStage` names the first stage to fill; `missingStages` all of those still needed before this one. */
  outOfOrder: (stage: number, missing: number[]) =>
    Errors.conflict(
      'onboarding_out_of_order',
      `Stage ${missing[0]} must be completed before stage ${stage}.`,
      { missingStage: missing[0], missingStages: missing },
    ),
  incomplete: (missing: number[]) =>
    Errors.conflict(
      'onboarding_incomplete',
      `Onboarding cannot be completed: stage${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not filled.`,
      { missingStages: missing },
    ),
  completed: () =>
    Errors.conflict(
      'onboarding_completed',
      'The store has completed onboarding; edit it with PUT /v1/user/stores/{id}.',
    ),
};
