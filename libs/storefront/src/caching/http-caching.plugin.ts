import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { StorefrontContext } from '../graphql/storefront.context';
import { publicCacheControl } from './etag';
import type { RevalidatedRequest } from './conditional-get.hook';

/**
 * The root fields whose answers depend on the store's row and its products only — what the catalogue
 * version counts. Any other root field (a cart, an order, anything added later) makes an answer private:
 * a new field is uncacheable until someone decides otherwise here.
 */
const CATALOGUE_FIELDS = new Set(['store', 'products', 'product', '__typename', '__schema', '__type']);

/**
 * Cache headers of storefront answers (contract v1.3 §15). A public token's GET query that succeeded —
 * HTTP 200, no errors, catalogue fields only — carries the ETag computed before it ran (conditional-get
 * hook), `Cache-Control: public, …` and `Vary`; every other answer keeps the `private, no-store` the hook
 * put on the reply first. Runs after executionStatusPlugin, which settles the status.
 */
export function httpCachingPlugin(cacheSeconds: number): ApolloServerPlugin {
  const cacheControl = publicCacheControl(cacheSeconds);
  return {
    async requestDidStart({ contextValue }) {
      const req = (contextValue as Partial<StorefrontContext> | undefined)?.req as
        | RevalidatedRequest
        | undefined;
      const etag = req?.storefrontEtag;
      if (!etag) return;
      let catalogueOnly = false;
      return {
        async didResolveOperation({ operation, document }) {
          catalogueOnly =
            operation?.operation === 'query' &&
            rootFields(operation, document).every((f) => CATALOGUE_FIELDS.has(f));
        },
        async willSendResponse({ response }) {
          const body = response.body;
          if (
            !catalogueOnly ||
            response.http.status !== 200 ||
            body.kind !== 'single' ||
            body.singleResult.errors?.length
          )
            return;
          response.http.headers.set('etag', etag);
          response.http.headers.set('cache-control', cacheControl);
        },
      };
    },
  };
}

/** The operation's root field names, through inline fragments and fragment spreads. */
function rootFields(operation: OperationDefinitionNode, document: DocumentNode): string[] {
  const fragments = new Map(
    document.definitions.flatMap((d) =>
      d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [],
    ),
  );
  const names: string[] = [];
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) names.push(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        // An unknown fragment never validates; were it to get here, the answer stays private.
        if (!fragment) names.push(`…${selection.name.value}`);
        else walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return names;
}
