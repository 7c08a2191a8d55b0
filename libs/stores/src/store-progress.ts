/** The onboarding stages a store goes through; stage 1 (name, description) creates it. */
export const ONBOARDING_STAGES = [1, 2, 3, 4] as const;
export type OnboardingStage = (typeof ONBOARDING_STAGES)[number];
export type StoreStatus = 'onboarding' | 'active';

/** The stages not filled yet, ascending. */
export function pendingStages(completedStages: readonly number[]): OnboardingStage[] {
  return ONBOARDING_STAGES.filter((stage) => !completedStages.includes(stage));
}

/** A stage that can be next: stage 1 creates the store, so it is never pending (the API documents 2–4). */
export type NextStage = Exclude<OnboardingStage, 1>;

/** The stage to fill next, or null when every stage is filled (next: complete) or the store is active. */
export function nextStage(status: StoreStatus, completedStages: readonly number[]): NextStage | null {
  if (status === 'active') return null;
  const next = pendingStages(completedStages)[0];
  return next === undefined ? null : (next as NextStage);
}
