import { Module } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore } from './idempotency.store';

/**
 * Idempotency-Key: the interceptor of the REST routes that accept it (`@Idempotent()`) and the store the
 * Storefront's mutations use through their Apollo plugin. Imported by the contexts that use it.
 */
@Module({
  providers: [IdempotencyStore, IdempotencyInterceptor],
  exports: [IdempotencyStore, IdempotencyInterceptor],
})
export class IdempotencyModule {}
