import type { ApolloServerPlugin, GraphQLResponse } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { DomainError } from '@app/core';
import { fingerprint, idempotencyCaller, idempotencyKeyOf, IdempotencyStore } from '@app/idempotency';
import { FormattedExecutionResult, Kind, OperationDefinitionNode } from 'graphql';
import type { StorefrontContext } from '../storefront.context';

/** Codes of answers that say nothing happened for a reason worth keeping: the key is released instead. */
const NOT_KEPT = new Set(['INTERNAL_SERVER_ERROR', 'UNAVAILABLE']);
/** Answers that refuse the caller are never kept (a later request with the key runs as if it were new). */
const REFUSAL_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN', 'RATE_LIMITED']);
const REFUSAL_STATUSES = new Set([401, 403, 429]);

/**
 * Did the caller's refusal stop the operation before anything ran? An HTTP 401/403/429, or: no root field
 * produced a value and the refusal is on the first root field — mutations run one after the other and
 * stop at the first failing (non-null) field, so nothing ran before it. A refusal further down (a field
 * of the created product the token may not read) came after the mutation ran: that answer is kept, so a
 * retry replays it rather than running the mutation twice.
 */
export function refusedBeforeRunning(
  status: number | undefined,
  result: FormattedExecutionResult,
  operation: OperationDefinitionNode | undefined,
): boolean {
  if (status !== undefined && REFUSAL_STATUSES.has(status)) return true;
  if (result.data && Object.values(result.data).some((value) => value !== null)) return false;
  const first = operation?.selectionSet.selections[0];
  if (!first || first.kind !== Kind.FIELD) return false;
  const firstKey = (first.alias ?? first.name).value;
  return (result.errors ?? []).some(
    (e) => REFUSAL_CODES.has(String(e.extensions?.code)) && e.path?.length === 1 && e.path[0] === firstKey,
  );
}

function refusal(status: number, code: string, message: string): GraphQLResponse {
  return {
    http: { status, headers: new HeaderMap() },
    body: { kind: 'single', singleResult: { errors: [{ message, extensions: { code } }] } },
  };
}

/**
 * `Idempotency-Key` on Storefront mutations (queries ignore it): checked after the query limits and
 * before execution. The first request claims the key (one INSERT … ON CONFLICT: of concurrent retries
 * exactly one runs) and its result is kept 24 h; a retry with the same operation gets that result again
 * with `Idempotent-Replayed: true` and runs nothing; a different request is 422 IDEMPOTENCY_KEY_REUSED,
 * a retry while the first runs 409 IDEMPOTENCY_KEY_IN_USE.
 *
 * "The same operation" is the operation as it resolved — the query text (for a persisted query, the
 * stored text its hash stands for, not the hash: two mutations sent by hash are two requests, and the
 * text or its hash is one), the variables and the operation name. "The same caller" includes its
 * permissions (see idempotencyCaller): a token of the app with other scopes never gets the replay.
 * A result that failed on our side (INTERNAL_SERVER_ERROR, UNAVAILABLE) or that refused the caller
 * (UNAUTHENTICATED, FORBIDDEN, RATE_LIMITED before anything ran; HTTP 401/403/429) is not kept, so the
 * key can be used again.
 */
export function idempotencyPlugin(store: IdempotencyStore): ApolloServerPlugin<StorefrontContext> {
  return {
    async requestDidStart() {
      let claimed: { caller: string; key: string } | null = null;
      return {
        async responseForOperation({ operation, request, source, contextValue }) {
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
            // The resolved text: Apollo has looked a persisted query's hash up by now (request.query is
            // empty when only the hash was sent, and the hash is not part of the fingerprint).
            query: source ?? request.query ?? null,
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
        async willSendResponse({ response, operation }) {
          if (!claimed) return;
          const { caller, key } = claimed;
          const result = response.body.kind === 'single' ? response.body.singleResult : null;
          const failed =
            !result ||
            result.errors?.some((e) => NOT_KEPT.has(String(e.extensions?.code))) ||
            refusedBeforeRunning(response.http.status, result, operation);
          if (!result || failed) await store.release(caller, key);
          else await store.complete(caller, key, response.http.status ?? 200, result);
        },
      };
    },
  };
}
