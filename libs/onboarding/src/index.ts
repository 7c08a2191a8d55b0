export * from './onboarding.module';
export * from './onboarding.policy';
export * from './onboarding.errors';
