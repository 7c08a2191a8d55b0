import { Injectable } from '@nestjs/common';
import { ACCOUNT_EMAIL, ACCOUNT_ID_BY_EMAIL } from '@app/auth';
import { Sql } from '@app/database';
import { MANAGED_ROLES, type MemberRole } from '@app/sdk';
import type { EntityManager } from 'typeorm';
import type { InvitationRow } from './member.row';

const INVITATION_COLUMNS = `i.id, i.store_id, i.email, i.role, i.invited_by, ${ACCOUNT_EMAIL('i.invited_by')} AS inviter_email,
  i.expires_at, i.created_at`;

/**
 * (v1.4) The inviter still may invite the invitation's role: still a member of the store, with a role that
 * manages it (MANAGED_ROLES, the table MemberPolicy.invite decides on). An invitation whose inviter was
 * removed, or demoted below the invited role, is dead — read at every use, so nothing has to be deleted
 * when a membership changes.
 */
const INVITER_MAY_INVITE = `EXISTS (SELECT 1 FROM store_members inviter
   WHERE inviter.store_id = i.store_id AND inviter.account_id = i.invited_by
     AND (${Object.entries(MANAGED_ROLES)
       .filter(([, roles]) => roles.length > 0)
       .map(
         ([role, roles]) =>
           `(inviter.role = '${role}' AND i.role IN (${roles.map((r) => `'${r}'`).join(', ')}))`,
       )
       .join(' OR ')}))`;

/** Pending: not accepted, its link not expired, and its inviter still may invite that role. */
const PENDING = `i.accepted_at IS NULL AND i.expires_at > now() AND ${INVITER_MAY_INVITE}`;

/** The window of the invitation mail limits (§14). */
export const INVITATION_MAIL_WINDOW_HOURS = 24;

/** What the invitation mail limits count now: mails to the address from the store, and by the inviter. */
export interface InvitationMailCounts {
  toAddress: number;
  /** Seconds until the oldest mail to the address in the window leaves it (0 when there is none). */
  toAddressFreesIn: number;
  byInviter: number;
  byInviterFreesIn: number;
}

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

  /**
   * Counts the invitation mails of the last 24 hours to this address from this store, and by this inviter
   * from any store. Call it holding the store's membership lock (which serialises the first count); it takes
   * the inviter's own lock for the second, so two stores' concurrent invitations by one account never both
   * pass on one remaining mail. Store lock first, inviter lock second, everywhere: no lock cycle.
   */
  async countMails(
    tx: EntityManager,
    storeId: string,
    email: string,
    inviterId: string,
  ): Promise<InvitationMailCounts> {
    await this.sql.run(
      {
        text: `SELECT pg_advisory_xact_lock(hashtextextended('invitation_mails:' || $1, 0))`,
        values: [inviterId],
      },
      tx,
    );
    const row = await this.sql.one<Record<keyof InvitationMailCounts, string | null>>(
      {
        text: `SELECT count(*) FILTER (WHERE store_id = $1 AND email = $2) AS "toAddress",
                      ceil(extract(epoch FROM min(created_at) FILTER (WHERE store_id = $1 AND email = $2)
                        + make_interval(hours => $4) - now())) AS "toAddressFreesIn",
                      count(*) FILTER (WHERE invited_by = $3) AS "byInviter",
                      ceil(extract(epoch FROM min(created_at) FILTER (WHERE invited_by = $3)
                        + make_interval(hours => $4) - now())) AS "byInviterFreesIn"
                 FROM invitation_mails
                WHERE ((store_id = $1 AND email = $2) OR invited_by = $3)
                  AND created_at > now() - make_interval(hours => $4)`,
        values: [storeId, email, inviterId, INVITATION_MAIL_WINDOW_HOURS],
      },
      tx,
    );
    return {
      toAddress: Number(row?.toAddress ?? 0),
      toAddressFreesIn: Number(row?.toAddressFreesIn ?? 0),
      byInviter: Number(row?.byInviter ?? 0),
      byInviterFreesIn: Number(row?.byInviterFreesIn ?? 0),
    };
  }

  /** Records an invitation mail (in the transaction of its invitation): what countMails counts. */
  async recordMail(tx: EntityManager, storeId: string, email: string, inviterId: string): Promise<void> {
    await this.sql.run(
      {
        text: `INSERT INTO invitation_mails (store_id, email, invited_by) VALUES ($1, $2, $3)`,
        values: [storeId, email, inviterId],
      },
      tx,
    );
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
