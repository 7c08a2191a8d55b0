import type { MembershipSql } from '@app/core';

/**
 * The `store_members` table as other contexts' statements embed it (the MembershipSql port, wired in the
 * composition root): the access guard's session read takes the caller's membership of the route's store
 * from `membership` (one probe of the primary key), the caller's store list joins `membershipsOf` (the
 * account index), and a new store gets its owner from `founder`, in the store's own transaction.
 */
export const MEMBERSHIP_SQL_FRAGMENTS: MembershipSql = {
  // The store's requireTwoFactor comes along (a primary-key probe of `stores`): the guard refuses a member
  // without a second factor on every route of such a store, from the same statement.
  membership: (storeExpr, accountExpr) =>
    `(SELECT m.store_id, m.role, st.require_two_factor AS two_factor_required
        FROM store_members m JOIN stores st ON st.id = m.store_id
       WHERE m.store_id = ${storeExpr} AND m.account_id = ${accountExpr})`,
  membershipsOf: (accountExpr) =>
    `(SELECT m.store_id, m.role FROM store_members m WHERE m.account_id = ${accountExpr})`,
  founder: (storeExpr, accountExpr) =>
    `INSERT INTO store_members (store_id, account_id, role) VALUES (${storeExpr}, ${accountExpr}, 'owner')`,
};
