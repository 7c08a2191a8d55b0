import type { AppConfig } from '@app/core';
import helmet from 'helmet';

/** The security headers of an answer, chosen by its URL: helmet's full set for the OpenAPI UI, the API's own set elsewhere. */
export function securityHeadersFor(config: AppConfig): (url: string) => Record<string, string> {
  const api = apiSecurityHeaders(config);
  const docs = docsSecurityHeaders(config);
  return (url) => (url.startsWith('/docs') ? docs : api);
}

/**
 * The security headers of a JSON API answer, the set OWASP's REST Security Cheat Sheet asks of every API
 * response: nothing may frame it (CSP frame-ancestors, and X-Frame-Options for older browsers) or load
 * anything from it as a document (default-src 'none'), browsers must not sniff its type, HSTS behind
 * https. Headers that govern HTML documents — helmet's cross-origin isolation, DNS prefetch, download
 * options, and Referrer-Policy (a JSON answer that can load nothing has no referrer to leak) — protect
 * nothing here, and every header costs the server and every client parsing it on every answer. The OpenAPI UI (/docs) keeps helmet's full set; the console (/console) sets its own
 * policy.
 */
function apiSecurityHeaders(config: AppConfig): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  };
  if (config.publicUrl.startsWith('https://'))
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/**
 * Helmet's security headers (for the OpenAPI UI's HTML), computed once at start. They do not depend on the request, and
 * @fastify/helmet rebuilds helmet and re-parses the CSP on every request (~30–45 µs in a CPU profile of
 * /health/live, about a third of a trivial request's CPU, when this was measured).
 */
function docsSecurityHeaders(config: AppConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: unknown) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // Local development runs on plain http://localhost; TLS is the front proxy's business.
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.publicUrl.startsWith('https://'),
  })({} as never, collector as never, () => undefined);
  return headers;
}
