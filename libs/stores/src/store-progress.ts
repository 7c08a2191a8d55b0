/** The onboarding stages a store goes through; stage 1 (name, description) creates it. */
export const ONBOARDING_STAGES = [1, 2, 3, 4] as const;
export type OnboardingStage = (typeof ONBOARDING_STAGES)[number];
export type StoreStatus = 'onboarding' | 'active';

/** The stages not filled yet, ascending. */
export function pendingStages(completedStages: readonly number[]): OnboardingStage[] {
  return ONBOARDING_STAGES.filter((stage) => !completedStages.includes(stage));
}

/** The stage to fill next, or null when every stage is filled (next: complete) or the store is active. */
export function nextStage(status: StoreStatus, completedStages: readonly number[]): OnboardingStage | null {
  if (status === 'active') return null;
  return pendingStages(completedStages)[0] ?? null;
}
