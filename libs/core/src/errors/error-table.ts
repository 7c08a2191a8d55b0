/**
 * The API's error vocabulary in one table: for each stable code, the HTTP status, the problem's title,
 * the headers every answer with that code carries, how loudly a server-side log records it, and the
 * code GraphQL clients see for it (one entry per meaning: REST and GraphQL name the same idea).
 * DomainErrors carry only the code (and what is specific to the case: detail, field errors,
 * extensions); each transport maps them once — problem+json (libs/core/src/errors/problem.ts), the RFC
 * 6749 form of the OAuth endpoints (libs/apps), GraphQL errors (libs/storefront).
 *
 * Each bounded context names the codes it may throw as an `as const` list checked against this table
 * (e.g. STOREFRONT_ERROR_CODES), so a context cannot invent a code the table does not know.
 */
export type ErrorLogLevel = 'none' | 'warn' | 'error';

/** What GraphQL clients see in `extensions.code` for a DomainError (Apollo's names where it has one). */
export type GraphqlErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'OUT_OF_STOCK'
  | 'PRICE_CHANGED'
  | 'CART_COMPLETED'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

export interface ErrorSpec {
  status: number;
  title: string;
  /** Sent with every answer of this code (per-case headers go on the error itself). */
  headers?: Readonly<Record<string, string>>;
  /** 'none': the client's business (4xx); 'warn': our dependency failed; 'error': our bug. */
  log: ErrorLogLevel;
  /** The GraphQL code, when it is not the one its status implies (see graphqlCodeFor). */
  graphql?: GraphqlErrorCode;
}

const client = (
  status: number,
  title: string,
  more: Pick<ErrorSpec, 'headers' | 'graphql'> = {},
): ErrorSpec => ({ status, title, log: 'none', ...more });

export const ERROR_TABLE = {
  // Shared (libs/core): requests in general.
  validation_failed: client(400, 'Validation failed', { graphql: 'BAD_USER_INPUT' }),
  malformed_body: client(400, 'Malformed body'),
  bad_request: client(400, 'Bad request'),
  unauthenticated: client(401, 'Unauthenticated', {
    headers: { 'WWW-Authenticate': 'Bearer' },
    graphql: 'UNAUTHENTICATED',
  }),
  invalid_token: client(401, 'Invalid token', {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    graphql: 'UNAUTHENTICATED',
  }),
  forbidden: client(403, 'Forbidden', { graphql: 'FORBIDDEN' }),
  insufficient_scope: client(403, 'Insufficient scope'),
  not_found: client(404, 'Not found', { graphql: 'NOT_FOUND' }),
  method_not_allowed: client(405, 'Method not allowed'),
  not_acceptable: client(406, 'Not acceptable'),
  request_timeout: client(408, 'Request timeout'),
  conflict: client(409, 'Conflict'),
  payload_too_large: client(413, 'Payload too large'),
  unsupported_media_type: client(415, 'Unsupported media type'),
  rate_limited: client(429, 'Too many requests', { graphql: 'RATE_LIMITED' }),
  internal_error: { status: 500, title: 'Internal server error', log: 'error' },
  unavailable: { status: 503, title: 'Service unavailable', log: 'warn', graphql: 'UNAVAILABLE' },
  console_not_built: { status: 503, title: 'Service unavailable', log: 'warn' },
  // The SMTP server refused, failed or did not take the mail within 10 s (the `smtp` dependency monitor
  // also logs the outage once when it starts and once when it ends).
  mail_unavailable: { status: 503, title: 'Mail unavailable', log: 'warn' },
  // Sign-in (libs/auth).
  invalid_otp: client(401, 'Invalid one-time password'),
  session_not_found: client(404, 'Not found'),
  invalid_redirect_uri: client(400, 'Invalid redirect_uri'),
  invalid_state: client(400, 'Invalid state'),
  invalid_code_verifier: client(400, 'Invalid code verifier'),
  access_denied: client(401, 'Access denied'),
  provider_error: client(401, 'Provider error'),
  email_not_verified: client(403, 'E-mail not verified'),
  provider_not_configured: client(404, 'Not found'),
  // (v1.4) Second factors and step-up (libs/auth, contract §19). A wrong answer to a sign-in's second
  // step (no bearer token yet) is 401; on a signed-in route (confirming a factor, step-up) it is 400
  // (a 401 there would read as "your token is bad" and make clients refresh it): the case sets that.
  invalid_mfa_code: client(401, 'Invalid second-factor code'),
  invalid_mfa_token: client(401, 'Invalid MFA token'),
  // RFC 9470: the WWW-Authenticate challenge (with its max_age) is set by the case.
  step_up_required: client(401, 'Step-up required', { graphql: 'UNAUTHENTICATED' }),
  two_factor_required: client(403, 'Two-factor authentication required'),
  // Stores and onboarding (libs/stores, libs/onboarding).
  store_not_found: client(404, 'Not found'),
  onboarding_out_of_order: client(409, 'Conflict'),
  onboarding_incomplete: client(409, 'Conflict'),
  onboarding_completed: client(409, 'Conflict'),
  // OAuth apps and public tokens (libs/apps, libs/public-tokens); the token endpoint's RFC 6749 codes.
  app_not_found: client(404, 'Not found'),
  public_token_not_found: client(404, 'Not found'),
  invalid_request: client(400, 'Invalid request'),
  invalid_client: client(401, 'Invalid client'),
  unsupported_grant_type: client(400, 'Unsupported grant type'),
  invalid_scope: client(400, 'Invalid scope'),
  // Installed apps (libs/apps, §13): the token endpoint's authorization-code and refresh grants.
  invalid_grant: client(400, 'Invalid grant'),
  unauthorized_client: client(400, 'Unauthorized client'),
  installation_not_found: client(404, 'Not found'),
  // The catalogue and orders (libs/storefront): its domain throws these (and validation_failed), and both
  // of its doors render them from here: product_not_found is a 404 over REST and NOT_FOUND in GraphQL,
  // handle_taken a 409 and BAD_USER_INPUT (its status implies it), out_of_stock a 409 and OUT_OF_STOCK.
  out_of_stock: client(409, 'Out of stock', { graphql: 'OUT_OF_STOCK' }),
  handle_taken: client(409, 'Conflict'),
  product_not_found: client(404, 'Not found'),
  order_not_found: client(404, 'Not found'),
  // (v1.3) Carts, checkout and the order lifecycle (contract §15). An order moved from a status that does
  // not allow the move is a 409 over REST and BAD_USER_INPUT (reason order_status_conflict) in GraphQL.
  cart_not_found: client(404, 'Not found'),
  cart_completed: client(409, 'Cart completed', { graphql: 'CART_COMPLETED' }),
  price_changed: client(409, 'Price changed', { graphql: 'PRICE_CHANGED' }),
  order_status_conflict: client(409, 'Conflict'),
  // (v1.4) Options and variants (§18): an unknown variant of a product.
  variant_not_found: client(404, 'Not found'),
  // Webhooks (libs/webhooks).
  webhook_not_found: client(404, 'Not found'),
  delivery_not_found: client(404, 'Not found'),
  webhook_limit_reached: client(409, 'Conflict'),
  // Store members and roles (the access guard, libs/members): a member whose role does not allow the
  // route is 403 insufficient_role (a non-member gets the route's 404, never a 403).
  insufficient_role: client(403, 'Insufficient role'),
  member_not_found: client(404, 'Not found'),
  invitation_not_found: client(404, 'Not found'),
  invitation_email_mismatch: client(403, 'Invitation for another e-mail address'),
  already_member: client(409, 'Conflict'),
  member_limit_reached: client(409, 'Conflict'),
  owner_required: client(409, 'Conflict'),
  // (v1.4) MAX_STORES_PER_ACCOUNT (libs/stores).
  store_limit_reached: client(409, 'Conflict'),
  // (v1.4) Media (libs/media, §17): a completed upload that is not the image it claimed is 422 with a
  // top-level `reason`; a form posted to the disk backend's upload URL outside its signed policy is 403.
  media_invalid: client(422, 'Media invalid'),
  media_not_found: client(404, 'Not found'),
  upload_not_found: client(404, 'Not found'),
  upload_policy_refused: client(403, 'Upload refused by its policy'),
  too_many_images: client(409, 'Conflict', { graphql: 'BAD_USER_INPUT' }),
  image_not_found: client(404, 'Not found'),
  // Idempotency-Key (libs/idempotency).
  idempotency_key_in_use: client(409, 'Idempotency key in use'),
  idempotency_key_reused: client(422, 'Idempotency key reused'),
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/**
 * The GraphQL code of a table code: its own when the table names one, else the one its status implies
 * (404 NOT_FOUND, 403 FORBIDDEN, any other 4xx BAD_USER_INPUT, 5xx INTERNAL_SERVER_ERROR, whose
 * details the client never sees). The storefront's error formatter and its HTTP authentication hook
 * both answer through it.
 */
export function graphqlCodeFor(code: ErrorCode): GraphqlErrorCode {
  const spec: ErrorSpec = ERROR_TABLE[code];
  if (spec.graphql) return spec.graphql;
  if (spec.status === 404) return 'NOT_FOUND';
  if (spec.status === 403) return 'FORBIDDEN';
  if (spec.status < 500) return 'BAD_USER_INPUT';
  return 'INTERNAL_SERVER_ERROR';
}

/** The code for an HTTP status raised by the framework (an unknown 4xx is a bad request). */
export function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'bad_request',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    405: 'method_not_allowed',
    406: 'not_acceptable',
    408: 'request_timeout',
    409: 'conflict',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    429: 'rate_limited',
    503: 'unavailable',
  };
  return byStatus[status] ?? 'bad_request';
}
