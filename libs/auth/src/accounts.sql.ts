/**
 * For other contexts' statements that show or find an account (a store's members, an invitation's
 * inviter): SQL expressions over the `accounts` table, which is named here and not in their SQL.
 */

/** The account's e-mail address, from an expression giving its id. */
export const ACCOUNT_EMAIL = (idExpr: string) => `(SELECT a.email FROM accounts a WHERE a.id = ${idExpr})`;

/** (v1.4) Whether the account has a second factor, from an expression giving its id. */
export const ACCOUNT_SECOND_FACTOR = (idExpr: string) =>
  `(SELECT a.second_factor FROM accounts a WHERE a.id = ${idExpr})`;

/** The id of the account with this (normalised) e-mail address, NULL when there is none. */
export const ACCOUNT_ID_BY_EMAIL = (emailExpr: string) =>
  `(SELECT a.id FROM accounts a WHERE a.email = ${emailExpr})`;
