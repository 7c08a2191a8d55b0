import type { ApolloServerPlugin } from '@apollo/server';

/**
 * GraphQL over HTTP: a *request error* (the document does not parse or validate, a variable does not
 * coerce, a limit refuses the operation — nothing was executed) is a 4xx under the
 * `application/graphql-response+json` media type, but the specification asks for **200** when the client
 * asked for the legacy `application/json` (older clients read `errors` only from a 200). Apollo answers 400
 * either way; this plugin restores 200 for clients that explicitly accept `application/json` only.
 * Requests without an Accept header (or with `*\/*`) keep the 400 they have always had, and errors of
 * other statuses (401, 403, 409, 422…) are never touched.
 */
export function mediaTypeStatusPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart({ request }) {
      const accept = request.http?.headers.get('accept')?.toLowerCase() ?? '';
      const legacyJson =
        accept.includes('application/json') && !accept.includes('application/graphql-response+json');
      if (!legacyJson) return;
      return {
        async willSendResponse({ response }) {
          const body = response.body;
          if (
            response.http.status === 400 &&
            body.kind === 'single' &&
            body.singleResult.data === undefined &&
            body.singleResult.errors?.length
          ) {
            response.http.status = 200;
          }
        },
      };
    },
  };
}
