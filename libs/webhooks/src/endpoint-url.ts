import { isIP } from 'node:net';
import { isBlockedAddress } from './address-policy';

/**
 * Why an endpoint URL is refused at creation or update, or null when it is acceptable: `https://` (or
 * `http://` with WEBHOOK_ALLOW_LOCAL), a host, no credentials (they would be sent to the receiver and
 * shown in every list), and not a literal local address. A host NAME is not resolved here: what it
 * resolves to can change, so it is checked — every address of it — at each attempt (`blocked_address`).
 */
export function endpointUrlProblem(value: string, allowLocal: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'url must be an absolute URL';
  }
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:')) {
    return allowLocal ? 'url must be http:// or https://' : 'url must be https://';
  }
  if (url.username || url.password) return 'url must not contain credentials';
  if (!url.hostname) return 'url must have a host';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowLocal && isIP(host) && isBlockedAddress(host)) {
    return 'url must not point to a loopback, private, link-local or other local address';
  }
  return null;
}
