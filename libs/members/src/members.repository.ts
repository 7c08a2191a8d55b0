import { Injectable } from '@nestjs/common';
import { ACCOUNT_EMAIL } from '@app/auth';
import { Sql } from '@app/database';
import type { Role } from '@app/sdk';
import type { EntityManager } from 'typeorm';
import type { MemberRow } from './member.row';

const MEMBER_COLUMNS = `m.account_id, ${ACCOUNT_EMAIL('m.account_id')} AS email, m.role, m.joined_at`;

/**
 * The `store_members` table: a store's members and their roles. Every change of a store's membership runs
 * in a transaction that first takes `lock` — one lock per store, so joins, role changes, removals and
 * transfers of one store happen one after the other, and the limits and the single owner are decided on
 * what the lock holder sees. (The partial unique index on the owner is the database's own guarantee.)
 * Other contexts' statements embed the table through MEMBERSHIP_SQL_FRAGMENTS (membership.sql.ts).
 */
@Injectable()
export class MembersRepository {
  constructor(private readonly sql: Sql) {}

  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }

  /**
   * Serialises the changes of the store's membership for this transaction — a transaction-scoped advisory
   * lock on the store id (it also covers rows about to be inserted, which row locks cannot), then the
   * store's membership rows locked FOR UPDATE — and answers them (at most 100: the limit), as they are
   * now. Empty when the store is gone.
   */
  async lock(tx: EntityManager, storeId: string): Promise<{ account_id: string; role: Role }[]> {
    await this.sql.run(
      {
        text: `SELECT pg_advisory_xact_lock(hashtextextended('store_members:' || $1, 0))`,
        values: [storeId],
      },
      tx,
    );
    const { rows } = await this.sql.run<{ account_id: string; role: Role }>(
      {
        text: `SELECT account_id, role FROM store_members WHERE store_id = $1 FOR UPDATE`,
        values: [storeId],
      },
      tx,
    );
    return rows;
  }

  /** The store's members, the owner first, then by the time they joined. */
  list(storeId: string): Promise<MemberRow[]> {
    return this.sql.rows<MemberRow>({
      text: `SELECT ${MEMBER_COLUMNS} FROM store_members m WHERE m.store_id = $1
              ORDER BY m.role = 'owner' DESC, m.joined_at, m.account_id`,
      values: [storeId],
    });
  }

  /** One member of the store, in the caller's transaction. */
  find(tx: EntityManager, storeId: string, accountId: string): Promise<MemberRow | undefined> {
    return this.sql.one<MemberRow>(
      {
        text: `SELECT ${MEMBER_COLUMNS} FROM store_members m WHERE m.store_id = $1 AND m.account_id = $2`,
        values: [storeId, accountId],
      },
      tx,
    );
  }

  /** Makes the account a member; undefined when it already is one. */
  async insert(
    tx: EntityManager,
    storeId: string,
    accountId: string,
    role: Role,
  ): Promise<MemberRow | undefined> {
    return this.sql.one<MemberRow>(
      {
        text: `INSERT INTO store_members AS m (store_id, account_id, role) VALUES ($1, $2, $3)
               ON CONFLICT (store_id, account_id) DO NOTHING RETURNING ${MEMBER_COLUMNS}`,
        values: [storeId, accountId, role],
      },
      tx,
    );
  }

  /** Gives the member another role; undefined when it is not a member. */
  setRole(tx: EntityManager, storeId: string, accountId: string, role: Role): Promise<MemberRow | undefined> {
    return this.sql.one<MemberRow>(
      {
        text: `UPDATE store_members m SET role = $3 WHERE m.store_id = $1 AND m.account_id = $2
               RETURNING ${MEMBER_COLUMNS}`,
        values: [storeId, accountId, role],
      },
      tx,
    );
  }

  /** Removes the member: the membership as it was, or undefined when there was none. */
  delete(tx: EntityManager, storeId: string, accountId: string): Promise<MemberRow | undefined> {
    return this.sql.one<MemberRow>(
      {
        text: `DELETE FROM store_members m WHERE m.store_id = $1 AND m.account_id = $2
               RETURNING ${MEMBER_COLUMNS}`,
        values: [storeId, accountId],
      },
      tx,
    );
  }
}
