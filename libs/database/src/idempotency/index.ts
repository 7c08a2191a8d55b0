export * from './idempotency-key.entity';
export * from './idempotency.interceptor';
export * from './idempotency.store';
