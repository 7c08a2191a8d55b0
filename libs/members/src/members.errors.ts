import { errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const MEMBER_ERROR_CODES = [
  'store_not_found',
  'member_not_found',
  'invitation_not_found',
  'invitation_email_mismatch',
  'already_member',
  'member_limit_reached',
  'owner_required',
  'insufficient_role',
  'mail_unavailable',
  // (v1.4) The invitation mail limits (Errors.rateLimited).
  'rate_limited',
] as const;
const memberError = errorFactory(MEMBER_ERROR_CODES);

export const MemberErrors = {
  /** The store went (or the caller left it) between the route's access check and the change. */
  storeNotFound: () => memberError('store_not_found', 'No such store.'),
  memberNotFound: () => memberError('member_not_found', 'No such member of this store.'),
  /** Unknown, used, revoked or expired: one answer for all of them. */
  invitationNotFound: () =>
    memberError(
      'invitation_not_found',
      'No such invitation: it may have been used, revoked or replaced, or have expired.',
    ),
  emailMismatch: () =>
    memberError(
      'invitation_email_mismatch',
      'This invitation is for another e-mail address: sign in with the address it was sent to.',
    ),
  alreadyMember: () => memberError('already_member', 'This account is already a member of the store.'),
  limitReached: (what: string) => memberError('member_limit_reached', what),
  /** Ownership moves only by a transfer: the owner cannot be removed, leave, or get another role. */
  ownerRequired: () =>
    memberError(
      'owner_required',
      'A store must keep its owner: transfer the ownership to another member first.',
    ),
  insufficientRole: (detail: string) => memberError('insufficient_role', detail),
  mailFailed: () =>
    memberError(
      'mail_unavailable',
      'The invitation was saved but its mail could not be sent; invite the address again to send a new link.',
      { retryAfter: 30 },
    ),
};
