// Idempotency-Key belongs to the HTTP layer, not to the connection (libs/database): a library of its own
// over core and TypeORM's data source, so @app/core stays free of TypeORM and the contexts that use it
// (onboarding, storefront) import downward.
export * from './idempotency.module';
export * from './idempotency-key.entity';
export * from './idempotency.interceptor';
export * from './idempotency.store';
