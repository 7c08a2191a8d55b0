import { DomainError, Errors, jsonBodyProblem } from '@app/core';
import { MEDIA_UPLOAD_PATH_PREFIX } from '@app/media';
import { OAUTH_PATH_PREFIX } from '@app/apps';
import type { FastifyInstance } from 'fastify';

/** The largest body any route accepts (100 KiB), for Fastify and for each parser. */
export const BODY_LIMIT = 102_400;

/**
 * JSON bodies: an empty body counts as no body (clients often send the header on bodiless POSTs);
 * anything unparsable is 400 malformed_body. Fastify's own parser guards against prototype poisoning.
 * Bodies are read as bytes and decoded once (parseAs 'buffer'): reading as a string would set an
 * encoding on the request stream, adding state to it that bodiless requests never have (the same
 * one-shape reason as the request's `caller`, request-edge.hook.ts). Invalid UTF-8 decodes to U+FFFD
 * either way.
 */
export function addBodyParsers(fastify: FastifyInstance): void {
  const defaultJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  // Bodies are JSON; a text/plain body is 415, not a string handed to the validators.
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (request, body: Buffer, done) => {
      const text = body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      void defaultJson(request, text, (error, value) => {
        if (error) return done(Errors.malformedBody(), undefined);
        // Depth, lone surrogates and NULs, for REST and GraphQL alike, before any validator sees it.
        const problem = jsonBodyProblem(value);
        if (problem) return done(Errors.validation([problem]), undefined);
        done(null, value);
      });
    },
  );
  // Form bodies, for the OAuth endpoints only (RFC 6749 requires them there). Elsewhere a form is 415
  // like any non-JSON body, so a cross-site HTML form cannot post to the JSON API. A repeated name
  // becomes an array (the OAuth handlers refuse repeats); a null prototype keeps `__proto__` inert.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (request, body: Buffer, done) => {
      if (!request.url.startsWith(OAUTH_PATH_PREFIX)) {
        return done(new DomainError('unsupported_media_type', 'Send application/json.'), undefined);
      }
      const params: Record<string, string | string[]> = Object.create(null);
      for (const [name, value] of new URLSearchParams(body.toString('utf8'))) {
        const previous = params[name];
        params[name] = previous === undefined ? value : [...[previous].flat(), value];
      }
      // The JSON body's Unicode rules (no NUL, no lone surrogate, in names or values): a NUL would
      // otherwise reach PostgreSQL and fail there as a 500. At the OAuth endpoints: 400 invalid_request.
      const problem = jsonBodyProblem(params);
      if (problem) return done(Errors.validation([problem]), undefined);
      done(null, params);
    },
  );
  // (v1.4) A multipart form, for the disk backend's media upload route only (§17): handed on as the
  // request stream, unread — the route checks the form's policy before keeping a byte and bounds the file
  // by the upload's declared size, not by the 100 KiB JSON limit. Elsewhere 415 like any non-JSON body.
  fastify.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    if (!request.url.startsWith(MEDIA_UPLOAD_PATH_PREFIX)) {
      payload.resume();
      return done(new DomainError('unsupported_media_type', 'Send application/json.'), undefined);
    }
    done(null, payload);
  });
}
