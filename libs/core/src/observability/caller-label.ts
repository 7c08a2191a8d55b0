import type { Caller } from '../access/caller';

/**
 * Who made a request, for its log line: `account:<id>`, `app:<id>` or `public_token:<id>` — ids only,
 * never a token; null for a request nobody authenticated.
 */
export function callerLabel(caller: Caller | null | undefined): string | null {
  if (!caller) return null;
  switch (caller.kind) {
    case 'account':
      return `account:${caller.accountId}`;
    case 'app':
      return `app:${caller.appId}`;
    case 'public':
      return `public_token:${caller.tokenId}`;
  }
}
