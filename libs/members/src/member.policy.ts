import { roleAllows, roleManages, type MemberRole, type Role } from '@app/sdk';
import { MemberErrors } from './members.errors';

/** At most this many members per store, the owner included. */
export const MAX_MEMBERS = 100;
/** At most this many pending invitations per store. */
export const MAX_PENDING_INVITATIONS = 50;
/** (v1.4) At most this many invitation mails to one address from one store in 24 hours. */
export const MAX_INVITATION_MAILS_PER_ADDRESS = 3;
/** (v1.4) At most this many invitation mails by one inviting account in 24 hours, over all its stores. */
export const MAX_INVITATION_MAILS_PER_INVITER = 100;

/**
 * Who may do what to whom among a store's members (contract §14), decided on the roles as they are under
 * the store's membership lock — not only as the route's access check saw them at the start of the
 * request — so two concurrent changes never both pass on a role one of them takes away. Pure: the roles
 * in, a refusal out.
 *
 * - The owner is never removed and its role never changed (`owner_required`, whoever asks): ownership
 *   moves only by a transfer, which only the owner makes.
 * - A member manages (invites with, changes to and from, removes) only the roles MANAGED_ROLES gives its
 *   own: the owner every member role, an admin developers and staff.
 * - Any member may leave (remove itself), except the owner.
 */
export const MemberPolicy = {
  invite(actor: Role, role: MemberRole): void {
    if (!roleManages(actor, role)) throw refuse(actor, `invite a member as ${role}`);
  },

  /** 'unchanged' when the member has that role already (nothing is written, no event). */
  changeRole(actor: Role, target: Role, role: MemberRole): 'change' | 'unchanged' {
    if (target === 'owner') throw MemberErrors.ownerRequired();
    if (!roleManages(actor, target) || !roleManages(actor, role)) {
      throw refuse(actor, `change a member from ${target} to ${role}`);
    }
    return target === role ? 'unchanged' : 'change';
  },

  remove(actor: Role, target: Role, self: boolean): void {
    if (target === 'owner') throw MemberErrors.ownerRequired();
    if (self) return;
    if (!roleManages(actor, target)) throw refuse(actor, `remove a member who is ${target}`);
  },

  transfer(actor: Role): void {
    if (!roleAllows(actor, 'owner')) throw refuse(actor, 'transfer the ownership of the store');
  },
};

function refuse(actor: Role, what: string) {
  return MemberErrors.insufficientRole(`A member with the role ${actor} may not ${what}.`);
}
