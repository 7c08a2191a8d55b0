import type { ApolloServerPlugin, GraphQLResponse } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { DomainError } from '@app/core';
import { fingerprint, idempotencyCaller, idempotencyKeyOf, IdempotencyStore } from '@app/database';
import type { FormattedExecutionResult } from 'graphql';
import type { StorefrontContext } from './context';

/** Codes of answers that say nothing happened for a reason worth keeping: the key is released instead. */
const NOT_KEPT = new Set(['INTERNAL_SERVER_ERROR', 'UNAVAILABLE']);

function refusal(status: number, code: string, message: string): GraphQLResponse {
  return {
    http: { status, headers: new HeaderMap() },
    body: { kind: 'single', singleResult: { errors: [{ message, extensions: { code } }] } },
  };
}

/**
 * `Idempotency-Key` on Storefront mutations (queries ignore it): checked after the query limits and
 * before execution. The first request claims the key (one INSERT … ON CONFLICT: of concurrent retries
 * exactly one runs) and its result is kept 24 h; a retry with the same query, variables and operation
 * gets that result again with `Idempotent-Replayed: true` and runs nothing; a different request is 422
 * IDEMPOTENCY_KEY_REUSED, a retry while the first runs 409 IDEMPOTENCY_KEY_IN_USE. A result that failed
 * on our side (INTERNAL_SERVER_ERROR, UNAVAILABLE) is not kept, so the key can be retried.
 */
export function idempotencyPlugin(store: IdempotencyStore): ApolloServerPlugin<StorefrontContext> {
  return {
    async requestDidStart() {
      let claimed: { caller: string; key: string } | null = null;
      return {
        async responseForOperation({ operation, request, contextValue }) {
          if (operation.operation !== 'mutation') return null;
          let key: string | undefined;
          try {
            key = idempotencyKeyOf(request.http?.headers.get('idempotency-key'));
          } catch (error) {
            const detail = error instanceof DomainError ? error.options.errors?.[0]?.message : undefined;
            return refusal(400, 'BAD_USER_INPUT', `Idempotency-Key ${detail ?? 'is invalid'}.`);
          }
          if (key === undefined) return null;
          const caller = idempotencyCaller(contextValue.caller);
          const print = fingerprint({
            query: request.query ?? null,
            variables: request.variables ?? null,
            operationName: request.operationName ?? null,
          });
          const claim = await store.claim(caller, key, print);
          if (claim.kind === 'in_use') {
            return refusal(
              409,
              'IDEMPOTENCY_KEY_IN_USE',
              'A request with this Idempotency-Key is still running.',
            );
          }
          if (claim.kind === 'reused') {
            return refusal(
              422,
              'IDEMPOTENCY_KEY_REUSED',
              'This Idempotency-Key was used with another request.',
            );
          }
          if (claim.kind === 'replay') {
            return {
              http: { status: claim.status, headers: new HeaderMap([['idempotent-replayed', 'true']]) },
              body: { kind: 'single', singleResult: claim.body as FormattedExecutionResult },
            };
          }
          claimed = { caller, key };
          return null;
        },
        async willSendResponse({ response }) {
          if (!claimed) return;
          const { caller, key } = claimed;
          const result = response.body.kind === 'single' ? response.body.singleResult : null;
          const failed = (result?.errors ?? []).some((e) => NOT_KEPT.has(String(e.extensions?.code)));
          if (!result || failed) await store.release(caller, key);
          else await store.complete(caller, key, response.http.status ?? 200, result);
        },
      };
    },
  };
}
