/**
 * Whether a redirect_uri may receive a login code: an absolute http(s) URL whose origin is exactly one
 * of the allowed origins (scheme, host and port; no prefix or suffix matching, no user info). Returns
 * the normalised URL, or null when it is not allowed.
 */
export function allowedRedirectUri(raw: string, allowedOrigins: readonly string[]): string | null {
  if (raw.length > 2048) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password) return null;
  if (!allowedOrigins.includes(parsed.origin)) return null;
  return parsed.href;
}

/** The redirect_uri with one parameter set (replacing any of the same name), its fragment kept. */
export function withParam(redirectUri: string, name: string, value: string): string {
  const url = new URL(redirectUri);
  url.searchParams.set(name, value);
  return url.href;
}
