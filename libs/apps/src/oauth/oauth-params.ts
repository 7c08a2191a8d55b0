import { jsonBodyProblem } from '@app/core';
import { OAuthErrors } from '../apps.errors';

/** The request parameters the OAuth endpoints understand; everything else is ignored (RFC 6749 §3.2). */
const KNOWN = [
  'grant_type',
  'scope',
  'client_id',
  'client_secret',
  'token',
  'token_type_hint',
  // The authorization-code and refresh-token grants of installed apps (§13).
  'code',
  'redirect_uri',
  'code_verifier',
  'refresh_token',
] as const;
export type OAuthParamName = (typeof KNOWN)[number];
export type OAuthParams = Partial<Record<OAuthParamName, string>>;

const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/**
 * Reads the known parameters of a JSON or form body (the form parser turns a repeated name into an
 * array). RFC 6749 §3.2: a parameter sent without a value counts as omitted, unknown parameters are
 * ignored, and a parameter may not be repeated. A JSON value that is not a string is malformed.
 */
export function readParams(body: unknown): OAuthParams {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw OAuthErrors.invalidRequest('The body must be a form or a JSON object.');
  }
  const params: OAuthParams = {};
  for (const name of KNOWN) {
    if (!own(body, name)) continue;
    const value = (body as Record<string, unknown>)[name];
    if (Array.isArray(value)) throw OAuthErrors.invalidRequest(`The parameter ${name} is repeated.`);
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string')
      throw OAuthErrors.invalidRequest(`The parameter ${name} must be a string.`);
    params[name] = value;
  }
  return params;
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** Whether the client used HTTP Basic: a failure then answers with a `WWW-Authenticate` challenge. */
  basic: boolean;
}

/** RFC 6749 Appendix B / §2.3.1: the Basic user and password are form-urlencoded before base64. */
function formUrlDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

/**
 * Client authentication (RFC 6749 §2.3.1): `client_secret_basic` (the Authorization header) or
 * `client_secret_post` (client_id and client_secret in the body) — never both at once. Anything else
 * in the Authorization header (a bearer token, say) is not a way to authenticate a client here.
 */
export function readClientCredentials(
  authorization: string | undefined,
  params: OAuthParams,
): ClientCredentials {
  if (authorization !== undefined) {
    const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(authorization);
    if (!match) {
      throw OAuthErrors.invalidClient(true, 'Use HTTP Basic (client_secret_basic) or client_secret_post.');
    }
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw OAuthErrors.invalidClient(true, 'Malformed Basic credentials.');
    let clientId: string;
    let clientSecret: string;
    try {
      clientId = formUrlDecode(decoded.slice(0, colon));
      clientSecret = formUrlDecode(decoded.slice(colon + 1));
    } catch {
      throw OAuthErrors.invalidClient(true, 'Malformed Basic credentials.');
    }
    // The same Unicode rules as a body: a NUL (raw or percent-encoded) would reach PostgreSQL and fail
    // there. Malformed request syntax, not failed authentication: 400 invalid_request, as for the body.
    if (jsonBodyProblem(clientId) || jsonBodyProblem(clientSecret)) {
      throw OAuthErrors.invalidRequest(
        'The Basic credentials may not contain NUL characters or lone surrogates.',
      );
    }
    if (params.client_secret !== undefined) {
      throw OAuthErrors.invalidRequest(
        'Use one client authentication method, not both Basic and client_secret.',
      );
    }
    if (params.client_id !== undefined && params.client_id !== clientId) {
      throw OAuthErrors.invalidRequest('client_id in the body does not match the Basic credentials.');
    }
    return { clientId, clientSecret, basic: true };
  }
  if (params.client_id === undefined || params.client_secret === undefined) {
    throw OAuthErrors.invalidClient(
      false,
      'Client authentication is required (client_id and client_secret).',
    );
  }
  return { clientId: params.client_id, clientSecret: params.client_secret, basic: false };
}
