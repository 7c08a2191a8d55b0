import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/core';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../graphql/apollo/http-auth.hook';
import {
  CACHEABLE_VARY,
  ifNoneMatchMatches,
  PRIVATE_NO_STORE,
  publicCacheControl,
  storefrontEtag,
} from './etag';

/** The request after this hook: `storefrontEtag` is set when a successful answer may carry that ETag. */
export type RevalidatedRequest = AuthenticatedRequest & { storefrontEtag?: string | null };

/**
 * Conditional GETs of the storefront endpoint (contract v1.3 §15), a route hook that runs after the
 * authentication hook — so the token, and its revocation, were checked on this very request — and before
 * the body is parsed or Apollo runs.
 *
 * Every answer starts `Cache-Control: private, no-store`. A public token's GET also gets its ETag, computed
 * from the catalogue version its token read brought (no further query) and the request: a matching
 * `If-None-Match` is answered 304 here, at the cost of that one statement and a hash — nothing parsed,
 * validated or executed. Otherwise the ETag waits on the request for the answer, which carries it only if
 * it succeeds with catalogue fields alone (httpCachingPlugin).
 */
@Injectable()
export class StorefrontConditionalGet {
  private readonly cacheControl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.cacheControl = publicCacheControl(config.storefrontCacheSeconds);
  }

  readonly onRequest = (request: RevalidatedRequest, reply: FastifyReply, done: () => void): void => {
    reply.header('Cache-Control', PRIVATE_NO_STORE);
    const caller = request.caller;
    if (request.method !== 'GET' || caller?.kind !== 'public' || !caller.catalogueVersion) return done();
    const query = (request.query ?? {}) as Record<string, unknown>;
    const etag = storefrontEtag({
      catalogueVersion: caller.catalogueVersion,
      tokenId: caller.tokenId,
      scopes: caller.scopes,
      query: query.query,
      variables: query.variables,
      operationName: query.operationName,
      extensions: query.extensions,
      accept: request.headers.accept,
    });
    appendVary(reply, CACHEABLE_VARY);
    if (!ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
      request.storefrontEtag = etag;
      return done();
    }
    // Answered here: Fastify does not go on to the handler.
    reply.code(304).header('ETag', etag).header('Cache-Control', this.cacheControl).send();
  };
}

/** Adds names to the reply's Vary header, once each (the CORS layer may have put Origin there). */
function appendVary(reply: FastifyReply, names: string): void {
  const current = reply.getHeader('vary');
  if (!current) {
    reply.header('Vary', names);
    return;
  }
  const present = String(current)
    .toLowerCase()
    .split(/\s*,\s*/);
  const missing = names.split(', ').filter((name) => !present.includes(name.toLowerCase()));
  if (missing.length) reply.header('Vary', `${String(current)}, ${missing.join(', ')}`);
}
