import {
  CallHandler,
  ExecutionContext,
  HttpStatus,
  Injectable,
  NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { Caller, callerKey, DomainError } from '@app/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { from, lastValueFrom, Observable } from 'rxjs';
import { fingerprint, idempotencyKeyOf, IdempotencyStore } from './idempotency.store';

/**
 * The identity a key belongs to — the caller *with its permissions*, since a replay hands back what the
 * first request was allowed to see: the same account; the same app (or public token) with the same
 * granted scopes. A token of that app with other scopes is another caller: its keys are a key space of
 * their own (it neither gets the replay nor learns, by a 422, that the key was used). Scopes are
 * compared as a set (order and repeats do not matter) and kept as a digest, so the value stays short.
 */
export function idempotencyCaller(caller: Caller): string {
  // An app is keyed with its store and installation (callerKey): an installed app's keys are per store.
  return caller.kind === 'account' ? callerKey(caller) : `${callerKey(caller)}:${scopeDigest(caller.scopes)}`;
}

/** 16 hex characters of SHA-256 over the sorted, de-duplicated scopes. */
function scopeDigest(scopes: readonly string[]): string {
  const set = [...new Set(scopes)].sort().join(' ');
  return createHash('sha256').update(set).digest('hex').slice(0, 16);
}

export const IdempotencyErrors = {
  inUse: () =>
    new DomainError(
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still being processed; retry shortly.',
      { retryAfter: 1 },
    ),
  reused: () =>
    new DomainError('idempotency_key_reused', 'This Idempotency-Key was used with a different request body.'),
};

/**
 * `Idempotency-Key` for a REST route (runs after the guards, so the caller is known). The first request
 * with a key claims it and its answer is kept; a retry with the same body gets that status and body
 * again with `Idempotent-Replayed: true` and does nothing; another body is 422; a retry while the first
 * runs is 409. An error answer is not kept: the key is released, so the same request may be retried.
 * Refusals of the caller never reach this: 401/403 come from the guards and any 429 from hooks that run
 * before it, so they claim nothing; only an answer the handler returned is kept.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { caller?: Caller }>();
    const key = idempotencyKeyOf(request.headers['idempotency-key']);
    if (key === undefined || !request.caller) return next.handle();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const status =
      this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ??
      (request.method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK);
    const caller = idempotencyCaller(request.caller);
    const print = fingerprint({
      method: request.method,
      route: request.routeOptions.url,
      body: request.body,
    });
    return from(this.run(caller, key, print, status, reply, next));
  }

  private async run(
    caller: string,
    key: string,
    print: string,
    status: number,
    reply: FastifyReply,
    next: CallHandler,
  ): Promise<unknown> {
    const claim = await this.store.claim(caller, key, print);
    if (claim.kind === 'in_use') throw IdempotencyErrors.inUse();
    if (claim.kind === 'reused') throw IdempotencyErrors.reused();
    if (claim.kind === 'replay') {
      reply.header('Idempotent-Replayed', 'true');
      reply.status(claim.status);
      return claim.body;
    }
    let body: unknown;
    try {
      body = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      await this.store.release(caller, key);
      throw error;
    }
    await this.store.complete(caller, key, status, body);
    return body;
  }
}

/** Accepts `Idempotency-Key` on this route. */
export const Idempotent = () => UseInterceptors(IdempotencyInterceptor);
