import { pendingStages, StoreProgress } from '@app/stores';
import { OnboardingErrors } from './onboarding.errors';

export type FillableStage = 2 | 3 | 4;

/**
 * The onboarding rules, in one place and free of I/O. The service applies them to the
 * store's state read under a row lock, so each decision is made on the state it then changes.
 */
export const OnboardingPolicy = {
  /** Stage 1 creates the store, so a new store has stage 1 filled. */
  initialStages(): number[] {
    return [1];
  },

  /** The stages before `stage` that are not filled yet (empty when `stage` may be filled). */
  missingBefore(progress: StoreProgress, stage: number): number[] {
    return pendingStages(progress.completedStages).filter((s) => s < stage);
  },

  /** The stages `complete` still needs. */
  missingForCompletion(progress: StoreProgress): number[] {
    return pendingStages(progress.completedStages);
  },

  /**
   * May `stage` be (re)filled now? After completion never (edits go through PUT); otherwise when all
   * earlier stages are filled. A stage already filled may be sent again: it overwrites that stage.
   * Returns the progress after filling it.
   */
  fill(progress: StoreProgress, stage: FillableStage): number[] {
    if (progress.status === 'active') throw OnboardingErrors.completed();
    const missing = OnboardingPolicy.missingBefore(progress, stage);
    if (missing.length) throw OnboardingErrors.outOfOrder(stage, missing);
    return [...new Set([...progress.completedStages, stage])].sort((a, b) => a - b);
  },

  /** 'activate' when every stage is filled, 'unchanged' for a store already active (idempotent). */
  complete(progress: StoreProgress): 'activate' | 'unchanged' {
    if (progress.status === 'active') return 'unchanged';
    const missing = OnboardingPolicy.missingForCompletion(progress);
    if (missing.length) throw OnboardingErrors.incomplete(missing);
    return 'activate';
  },
};
