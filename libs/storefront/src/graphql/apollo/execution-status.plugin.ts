import type { ApolloServerPlugin } from '@apollo/server';
import { Errors } from '@app/core';

/** Seconds a client should wait before retrying, as the REST edge says with its 503 `unavailable`. */
const RETRY_AFTER = String(Errors.unavailable().options.retryAfter ?? 5);

/**
 * The HTTP status of an answer whose operation ran (its body has a `data` key).
 *
 * An operation that ran answers 200, whatever status an error raised inside a resolver asked for: a
 * client must be able to read `{ data, errors }` as the normal payload (the rule of Nest's own
 * "preserve HTTP status" plugin, which this replaces — it runs after every plugin of ours and would
 * undo the one exception below).
 *
 * The exception: a resolver whose statement lost the database (connection killed mid-flight, failover,
 * the statement timeout, the server unreachable) answers `UNAVAILABLE`, and when that left the operation
 * with no data at all the answer is what REST answers for the same failure — HTTP 503 with
 * `Retry-After` — so load balancers, retry policies and the SDK treat it as the transient outage it is
 * instead of a 200 to give up on. An answer with some data keeps its 200 (the errors say which fields
 * are missing), with the `Retry-After` hint all the same.
 */
export function executionStatusPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          const body = response.body;
          if (body.kind !== 'single' || !('data' in body.singleResult)) return;
          const { data, errors } = body.singleResult;
          response.http.status = 200;
          if (!errors?.some((error) => error.extensions?.code === 'UNAVAILABLE')) return;
          response.http.headers.set('retry-after', RETRY_AFTER);
          if (data === null || data === undefined) response.http.status = 503;
        },
      };
    },
  };
}
