import type { Role } from '@storefront-platform/sdk/browser';

/** A role as the console names it. */
export const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  staff: 'Staff',
};

/** What each role may do, in a sentence (the Members page, the invitation form). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including deleting the store and transferring its ownership.',
  admin: 'Everything but deleting the store and transferring it; invites developers and staff.',
  developer: 'Apps, public tokens and webhooks; reads everything else.',
  staff: 'Products and orders; reads everything else.',
};

/** "an admin", "a developer", "staff". */
export function withArticle(role: Role): string {
  if (role === 'staff') return 'staff';
  const name = ROLE_NAMES[role].toLowerCase();
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}
