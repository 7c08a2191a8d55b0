import { DomainError, graphqlCodeFor, isDatabaseUnavailable } from '@app/core';
import { GraphQLError, GraphQLFormattedError } from 'graphql';

/** What a resolver, guard or plugin actually threw, under GraphQL's wrapping. */
export function originalOf(error: unknown): unknown {
  return error instanceof GraphQLError && error.originalError ? error.originalError : error;
}

/** Is this something the client must not see the details of (and that must be logged)? */
export function isUnexpected(error: unknown): boolean {
  const original = originalOf(error);
  if (original instanceof DomainError) return graphqlCodeFor(original.code) === 'INTERNAL_SERVER_ERROR';
  if (original instanceof GraphQLError) return false;
  return !isDatabaseUnavailable(original);
}

/**
 * Apollo's formatError: DomainErrors become their GraphQL code with their message (and field errors under
 * `extensions.fields`); GraphQL's own request errors keep Apollo's codes (GRAPHQL_PARSE_FAILED,
 * GRAPHQL_VALIDATION_FAILED, BAD_USER_INPUT for variables, BAD_REQUEST); anything else is a bug or an
 * outage: a generic message, never its text, stack or SQL (the logging plugin records it).
 */
export function formatStorefrontError(
  formatted: GraphQLFormattedError,
  error: unknown,
): GraphQLFormattedError {
  const original = originalOf(error);
  const base = { locations: formatted.locations, path: formatted.path };
  if (original instanceof DomainError) {
    const code = graphqlCodeFor(original.code);
    if (code === 'INTERNAL_SERVER_ERROR') return internal(base);
    const fields = original.options.errors;
    return {
      // Field-level failures say what is wrong in the message too, not only in extensions.fields.
      message: fields?.length
        ? `Invalid input: ${fields.map((f) => f.message).join('; ')}.`
        : (original.options.detail ?? original.title),
      ...base,
      extensions: {
        ...(original.options.extensions ?? {}),
        code,
        ...(original.options.errors ? { fields: original.options.errors } : {}),
        // What REST says in Retry-After (a RATE_LIMITED refusal, contract §15), in seconds.
        ...(original.code === 'rate_limited' ? { retryAfter: original.options.retryAfter } : {}),
      },
    };
  }
  const code = formatted.extensions?.code;
  if (original instanceof GraphQLError || (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR')) {
    return {
      message: formatted.message,
      ...base,
      extensions: { ...formatted.extensions, code: code ?? 'INTERNAL_SERVER_ERROR' },
    };
  }
  if (isDatabaseUnavailable(original)) {
    return {
      message: 'The database is unreachable; retry shortly.',
      ...base,
      extensions: { code: 'UNAVAILABLE' },
    };
  }
  return internal(base);
}

function internal(base: Pick<GraphQLFormattedError, 'locations' | 'path'>): GraphQLFormattedError {
  return {
    message: 'Something went wrong on our side. Quote the X-Request-Id if you contact support.',
    ...base,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}
