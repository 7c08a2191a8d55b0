/**
 * Store members and their roles: who may do what in a store. One table, kept in the SDK because clients
 * need it as much as the server — the server's access guard decides every store route by it, and the
 * console (or any client) uses it to show only the controls a member's role can use. Nothing about roles
 * is in a token: the server reads the caller's role on every request.
 */

/** A member's role in a store. A store has exactly one `owner`. */
export const ROLES = ['owner', 'admin', 'developer', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an invitation (or a role change) can give: ownership moves only by a transfer. */
export const MEMBER_ROLES = ['admin', 'developer', 'staff'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * What a store route needs:
 * - `read`: the store, its products, orders, events and members;
 * - `edit`: the store itself (onboarding stages, `complete`, `PUT`);
 * - `commerce`: products and orders (creating, changing, deleting products; moving orders);
 * - `integrations`: OAuth apps, public tokens, webhooks, installations — listing them as well as changing them;
 * - `members`: invitations, changing and removing members (an admin only developers and staff);
 * - `owner`: deleting the store, transferring its ownership.
 */
export const STORE_PERMISSIONS = ['read', 'edit', 'commerce', 'integrations', 'members', 'owner'] as const;
export type StorePermission = (typeof STORE_PERMISSIONS)[number];

/** The one table: each role and what it may do. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly StorePermission[]>> = {
  owner: ['read', 'edit', 'commerce', 'integrations', 'members', 'owner'],
  admin: ['read', 'edit', 'commerce', 'integrations', 'members'],
  developer: ['read', 'integrations'],
  staff: ['read', 'commerce'],
};

/**
 * The member roles a member of `role` may manage: invite with, change a member to or from, remove. The
 * owner manages every member role; an admin only developers and staff (never another admin, never the owner).
 */
export const MANAGED_ROLES: Readonly<Record<Role, readonly MemberRole[]>> = {
  owner: ['admin', 'developer', 'staff'],
  admin: ['developer', 'staff'],
  developer: [],
  staff: [],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether a member of `role` may do what `permission` covers. */
export function roleAllows(role: Role, permission: StorePermission): boolean {
  return ROLE_PERMISSIONS[role]?.includes(permission) ?? false;
}

/** Whether a member of `role` may give, change or take away the role `target`. */
export function roleManages(role: Role, target: Role): boolean {
  return (MANAGED_ROLES[role] as readonly Role[]).includes(target);
}
