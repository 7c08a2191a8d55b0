/**
 * (v1.4) URL paths that carry a secret, and the one redaction that both the request log and the trace
 * spans apply to a path before it is written anywhere. Every route was checked for a secret in its path:
 * the API's paths carry ids only (a UUID is not a credential: every route checks the caller as well), and
 * the one path that is a credential by itself is the console's invitation page, whose link a mail carries
 * (`/console/invitations/<token>`). Secrets in query strings never reach a log line (it writes the path
 * only); spans keep the query with the credentials' parameters replaced (tracing.ts).
 *
 * A path is matched however it is spelled — repeated slashes, another letter case — so that a request
 * for the page (which the console serves for any spelling under `/console/`) is never logged raw.
 */
const SECRET_PATHS: readonly { pattern: RegExp; replacement: string }[] = [
  { pattern: /^\/+console\/+invitations\/+[^/]+/i, replacement: '/console/invitations/:token' },
];

/** The path (no query string) as a log line or a span may show it: a secret segment becomes `:token`. */
export function redactPath(path: string): string {
  for (const { pattern, replacement } of SECRET_PATHS) {
    if (pattern.test(path)) return path.replace(pattern, replacement);
  }
  return path;
}

/** The path of a request target (`/a/b?c=d` → `/a/b`), redacted. */
export function loggablePath(target: string | undefined): string {
  return redactPath((target ?? '').split('?')[0]);
}
