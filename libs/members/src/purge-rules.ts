import type { PurgeRule } from '@app/database';

/**
 * Invitations stop mattering a day after their link expired, accepted or not (the membership and the
 * events keep what happened); a revoked or replaced invitation is deleted at once.
 */
export const MEMBERS_PURGE_RULES: PurgeRule[] = [
  { name: 'store_invitations', table: 'store_invitations', where: `expires_at < now() - interval '1 day'` },
  // (v1.4) The invitation mail limits count a day back; older mails count for nothing.
  { name: 'invitation_mails', table: 'invitation_mails', where: `created_at < now() - interval '1 day'` },
];
