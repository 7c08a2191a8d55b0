/** Loopback `http://` redirect URIs (RFC 8252 §7.3), with the port split off. */
const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?([/?].*)?$/;

export const MAX_REDIRECT_URIS = 10;
export const MAX_URL_LENGTH = 2048;

/**
 * Why a redirect URI cannot be registered, or null (§13): an absolute `https://` URL without a fragment,
 * or `http://` on a loopback host (localhost, 127.0.0.1, [::1]) with any port, as RFC 8252 allows for
 * native and development clients; at most 2,048 characters.
 */
export function redirectUriProblem(value: string): string | null {
  if (value.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (value.includes('#')) return 'must not have a fragment';
  if (url.username || url.password) return 'must not contain credentials';
  // The URL standard refuses ports above 65535 (above); 0 it parses, and no browser can be sent there.
  if (url.port === '0') return 'must have a port from 1 to 65535';
  if (url.protocol === 'https:') return url.hostname ? null : 'must have a host';
  if (url.protocol === 'http:' && LOOPBACK.test(value)) return null;
  return 'must be https:// (http:// only on localhost, 127.0.0.1 or [::1])';
}

/** The string compared: itself, or for a loopback `http://` URI, itself without its port. */
function comparable(uri: string): string {
  const loopback = LOOPBACK.exec(uri);
  return loopback ? `http://${loopback[1]}${loopback[3] ?? ''}` : uri;
}

/**
 * Whether `given` is one of the registered URIs: string equality — no normalisation, no prefix, no
 * case-folding — except that a loopback `http://` URI's port is left out of the comparison (RFC 8252 §7.3:
 * a native app listens on whatever port it gets). `given` must itself be a URI that could be registered:
 * a loopback port outside 1–65535 matches nothing (it would be refused only when a redirect is built
 * from it — after the consent was written).
 */
export function isRegisteredRedirectUri(registered: readonly string[], given: string): boolean {
  if (redirectUriProblem(given) !== null) return false;
  if (registered.includes(given)) return true;
  const wanted = comparable(given);
  return wanted !== given && registered.some((uri) => comparable(uri) === wanted);
}
