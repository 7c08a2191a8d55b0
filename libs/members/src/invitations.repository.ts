import { Injectable } from '@nestjs/common';
import { ACCOUNT_EMAIL, ACCOUNT_ID_BY_EMAIL } from '@app/auth';
import { Sql } from '@app/database';
import type { MemberRole } from '@app/sdk';
import type { EntityManager } from 'typeorm';
import type { InvitationRow } from './member.row';

const INVITATION_COLUMNS = `i.id, i.store_id, i.email, i.role, i.invited_by, ${ACCOUNT_EMAIL('i.invited_by')} AS inviter_email,
  i.expires_at, i.created_at`;

/** Pending: not accepted, and its link not expired. */
const PENDING = `i.accepted_at IS NULL AND i.expires_at > now()`;

/**
 * The `store_invitations` table. A pending invitation is one not accepted whose `expires_at` has not
 * passed; there is at most one row not accepted per store and address (replacing deletes the old one,
 * revoking deletes it), and its token is kept only as a keyed hash. Writes run in a transaction holding the
 * store's membership lock (MembersRepository.lock).
 */
@Injectable()
export class InvitationsRepository {
  constructor(private readonly sql: Sql) {}

  /** How many invitations of the store are pending. */
  async countPending(tx: EntityManager, storeId: string): Promise<number> {
    const row = await this.sql.one<{ count: string }>(
      {
        text: `SELECT count(*) AS count FROM store_invitations i WHERE i.store_id = $1 AND ${PENDING}`,
        values: [storeId],
      },
      tx,
    );
    return Number(row?.count ?? 0);
  }

  /** Whether an account with this address is a member of the store. */
  async isMember(tx: EntityManager, storeId: string, email: string): Promise<boolean> {
    const row = await this.sql.one(
      {
        text: `SELECT 1 AS member FROM store_members m
                WHERE m.store_id = $1 AND m.account_id = ${ACCOUNT_ID_BY_EMAIL('$2')}`,
        values: [storeId, email],
      },
      tx,
    );
    return row !== undefined;
  }

  /** Deletes the address's invitation that was not accepted (expired or not): its link dies. */
  async deleteOpen(tx: EntityManager, storeId: string, email: string): Promise<void> {
    await this.sql.run(
      {
        text: `DELETE FROM store_invitations WHERE store_id = $1 AND email = $2 AND accepted_at IS NULL`,
        values: [storeId, email],
      },
      tx,
    );
  }

  insert(
    tx: EntityManager,
    invitation: {
      storeId: string;
      email: string;
      role: MemberRole;
      tokenHash: string;
      invitedBy: string;
      ttlSeconds: number;
    },
  ): Promise<InvitationRow | undefined> {
    return this.sql.one<InvitationRow>(
      {
        text: `INSERT INTO store_invitations AS i (store_id, email, role, token_hash, invited_by, expires_at)
               VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))
               RETURNING ${INVITATION_COLUMNS}`,
        values: [
          invitation.storeId,
          invitation.email,
          invitation.role,
          invitation.tokenHash,
          invitation.invitedBy,
          invitation.ttlSeconds,
        ],
      },
      tx,
    );
  }

  /** The store's pending invitations, oldest first. */
  listPending(storeId: string): Promise<InvitationRow[]> {
    return this.sql.rows<InvitationRow>({
      text: `SELECT ${INVITATION_COLUMNS} FROM store_invitations i
              WHERE i.store_id = $1 AND ${PENDING} ORDER BY i.created_at, i.id`,
      values: [storeId],
    });
  }

  /** Deletes an invitation of the store that was not accepted (expired or not); false when there is none. */
  async deleteOpenById(storeId: string, invitationId: string): Promise<boolean> {
    const result = await this.sql.run({
      text: `DELETE FROM store_invitations WHERE id = $2 AND store_id = $1 AND accepted_at IS NULL`,
      values: [storeId, invitationId],
    });
    return result.rowCount > 0;
  }

  /** The pending invitation a token hash names (store and address), or undefined. */
  findPending(tokenHash: string): Promise<InvitationRow | undefined> {
    return this.sql.one<InvitationRow>({
      text: `SELECT ${INVITATION_COLUMNS} FROM store_invitations i WHERE i.token_hash = $1 AND ${PENDING}`,
      values: [tokenHash],
    });
  }

  /**
   * Accepts the pending invitation with this token hash for this address, once: one conditional UPDATE …
   * RETURNING, so of any number of concurrent accepts exactly one gets the row (the others wait for its
   * row lock, then find it accepted). Undefined when there is no such pending invitation for the address.
   */
  claim(
    tx: EntityManager,
    tokenHash: string,
    email: string,
    accountId: string,
  ): Promise<InvitationRow | undefined> {
    return this.sql.one<InvitationRow>(
      {
        text: `UPDATE store_invitations i SET accepted_at = now(), accepted_by = $3
                WHERE i.token_hash = $1 AND i.email = $2 AND ${PENDING}
                RETURNING ${INVITATION_COLUMNS}`,
        values: [tokenHash, email, accountId],
      },
      tx,
    );
  }
}
