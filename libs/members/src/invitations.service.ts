import { Inject, Injectable } from '@nestjs/common';
import {
  AccessibleStore,
  AccountCaller,
  APP_CONFIG,
  AppConfig,
  Errors,
  isUuid,
  MailService,
  randomSecret,
  SecretHasher,
} from '@app/core';
import { EventsWriter } from '@app/events';
import type { MemberRole } from '@app/sdk';
import { StoresService } from '@app/stores';
import type { AcceptedInvitationDto, InvitationDto, InvitationPreviewDto } from './dto/invitation.dto';
import { InvitationsRepository } from './invitations.repository';
import {
  MAX_INVITATION_MAILS_PER_ADDRESS,
  MAX_INVITATION_MAILS_PER_INVITER,
  MAX_MEMBERS,
  MAX_PENDING_INVITATIONS,
  MemberPolicy,
} from './member.policy';
import { toInvitationDto, toInvitationPreviewDto, toMemberDto } from './member.mapper';
import type { InvitationRow } from './member.row';
import { MembersRepository } from './members.repository';
import { MemberErrors } from './members.errors';

export const INVITATION_TOKEN_PURPOSE = 'store_invitation';
const TOKEN_PREFIX = 'sfi_';
/** `sfi_` + 32 random bytes (256 bits) in base64url. */
const TOKEN_SHAPE = /^sfi_[A-Za-z0-9_-]{43}$/;

const ARTICLE: Record<MemberRole, string> = { admin: 'an admin', developer: 'a developer', staff: 'staff' };

/**
 * Invitations to join a store: sent by e-mail with a link to the console's invitation page, accepted by
 * the account the address belongs to, once. The token exists only in the mail; the table keeps its keyed
 * hash. Every change of invitations and memberships of a store runs under the store's membership lock
 * (MembersRepository.lock), which is also where the limits are counted. No SQL here.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly members: MembersRepository,
    private readonly stores: StoresService,
    private readonly hasher: SecretHasher,
    private readonly mail: MailService,
    private readonly events: EventsWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Invites the address with a role the caller's own role may give; inviting it again replaces the
   * invitation (the old link dies). The invitation and its event commit first, then the mail goes: a mail
   * that cannot be sent is a 503 `mail_unavailable`, and the invitation stays (its link went nowhere;
   * inviting again sends a new one).
   */
  async create(
    caller: AccountCaller,
    { storeId }: AccessibleStore,
    input: { email: string; role: MemberRole },
  ): Promise<InvitationDto> {
    const token = randomSecret(TOKEN_PREFIX);
    const row = await this.members.transaction(async (tx) => {
      const rows = await this.members.lock(tx, storeId);
      const actor = rows.find((r) => r.account_id === caller.accountId)?.role;
      if (!actor) throw MemberErrors.storeNotFound();
      MemberPolicy.invite(actor, input.role);
      if (await this.invitations.isMember(tx, storeId, input.email)) throw MemberErrors.alreadyMember();
      if (rows.length >= MAX_MEMBERS) throw limit(`A store has at most ${MAX_MEMBERS} members.`);
      // (v1.4) The mail limits, before anything changes: a refused invitation sends nothing and leaves
      // the address's current invitation as it was.
      const mails = await this.invitations.countMails(tx, storeId, input.email, caller.accountId);
      if (mails.toAddress >= MAX_INVITATION_MAILS_PER_ADDRESS) {
        throw Errors.rateLimited(
          mails.toAddressFreesIn,
          `At most ${MAX_INVITATION_MAILS_PER_ADDRESS} invitation mails to one address from a store in 24 hours.`,
        );
      }
      if (mails.byInviter >= MAX_INVITATION_MAILS_PER_INVITER) {
        throw Errors.rateLimited(
          mails.byInviterFreesIn,
          `At most ${MAX_INVITATION_MAILS_PER_INVITER} invitation mails by one account in 24 hours.`,
        );
      }
      await this.invitations.deleteOpen(tx, storeId, input.email);
      if ((await this.invitations.countPending(tx, storeId)) >= MAX_PENDING_INVITATIONS) {
        throw limit(`A store has at most ${MAX_PENDING_INVITATIONS} pending invitations.`);
      }
      const inserted = await this.invitations.insert(tx, {
        storeId,
        email: input.email,
        role: input.role,
        tokenHash: this.hasher.hash(INVITATION_TOKEN_PURPOSE, token),
        invitedBy: caller.accountId,
        ttlSeconds: this.config.invitationTtl,
      });
      if (!inserted) throw MemberErrors.storeNotFound();
      await this.invitations.recordMail(tx, storeId, input.email, caller.accountId);
      const invitation = toInvitationDto(inserted);
      await this.events.emit(tx, { storeId, type: 'member.invited', caller, data: invitation });
      return inserted;
    });
    await this.send(row, token);
    return toInvitationDto(row);
  }

  /** The store's pending invitations, oldest first. */
  async list({ storeId }: AccessibleStore): Promise<InvitationDto[]> {
    return (await this.invitations.listPending(storeId)).map(toInvitationDto);
  }

  /** Revokes an invitation: its link dies. */
  async revoke({ storeId }: AccessibleStore, invitationId: string): Promise<void> {
    if (!isUuid(invitationId) || !(await this.invitations.deleteOpenById(storeId, invitationId))) {
      throw MemberErrors.invitationNotFound();
    }
  }

  /**
   * Accepts an invitation for the signed-in account (`caller.profile`: its e-mail, read with the session).
   * Single use under concurrency: the invitation is claimed by one conditional UPDATE … RETURNING (the
   * address is part of its condition), and the membership is inserted in the same transaction, under the
   * store's membership lock — taken first, as every change of the store's memberships takes it, so the
   * order of locks is the same everywhere. A refusal rolls everything back: an invitation refused for a
   * mismatched address, an account that is already a member or a full store stays usable.
   */
  /**
   * What the invitation of this link offers — the store's name, the role, who invited, to which address —
   * for the invitation page, before the account accepts it. The token is the capability, as at accept;
   * the same refusal (`invitation_not_found`) for an unknown, used, revoked, replaced or expired one.
   */
  async preview(token: string): Promise<InvitationPreviewDto> {
    const pending = await this.pendingByToken(token);
    const store = await this.stores.publicProfile(pending.store_id);
    if (!store) throw MemberErrors.invitationNotFound();
    return toInvitationPreviewDto(pending, store.name);
  }

  /** The pending invitation of a link's token, or `invitation_not_found`. */
  private async pendingByToken(token: string): Promise<InvitationRow> {
    const tokenHash = TOKEN_SHAPE.test(token) ? this.hasher.hash(INVITATION_TOKEN_PURPOSE, token) : null;
    const pending = tokenHash ? await this.invitations.findPending(tokenHash) : undefined;
    if (!pending) throw MemberErrors.invitationNotFound();
    return pending;
  }

  async accept(caller: AccountCaller, token: string): Promise<AcceptedInvitationDto> {
    const email = caller.profile?.email;
    // The route reads the profile with the session (@WithAccountProfile); without it nothing can match.
    if (!email) throw new Error('InvitationsService.accept needs the caller’s profile');
    const pending = await this.pendingByToken(token);
    const tokenHash = this.hasher.hash(INVITATION_TOKEN_PURPOSE, token);
    if (pending.email !== email) throw MemberErrors.emailMismatch();
    return this.members.transaction(async (tx) => {
      const rows = await this.members.lock(tx, pending.store_id);
      const claimed = await this.invitations.claim(tx, tokenHash, email, caller.accountId);
      // Accepted (or revoked, replaced, expired) by another request since it was read.
      if (!claimed) throw MemberErrors.invitationNotFound();
      if (rows.some((r) => r.account_id === caller.accountId)) throw MemberErrors.alreadyMember();
      if (rows.length >= MAX_MEMBERS) throw limit(`A store has at most ${MAX_MEMBERS} members.`);
      const joined = await this.members.insert(tx, claimed.store_id, caller.accountId, claimed.role);
      if (!joined) throw MemberErrors.alreadyMember();
      const member = toMemberDto(joined);
      await this.events.emit(tx, { storeId: claimed.store_id, type: 'member.joined', caller, data: member });
      return { storeId: claimed.store_id, role: member.role };
    });
  }

  private async send(invitation: InvitationRow, token: string): Promise<void> {
    const store = await this.stores.publicProfile(invitation.store_id);
    const name = store ? `“${store.name}”` : 'a store';
    const link = `${this.config.publicUrl}/console/invitations/${token}`;
    const days = Math.max(1, Math.round(this.config.invitationTtl / 86_400));
    const until =
      this.config.invitationTtl >= 86_400
        ? `${days} day${days === 1 ? '' : 's'}`
        : `${Math.max(1, Math.round(this.config.invitationTtl / 60))} minutes`;
    try {
      await this.mail.send({
        to: invitation.email,
        subject: `${invitation.inviter_email} invited you to ${store ? store.name : 'a store'} on Storefront`,
        text:
          `${invitation.inviter_email} invited you to join ${name} on Storefront as ${ARTICLE[invitation.role]}.\n\n` +
          `Accept the invitation here (sign in with ${invitation.email}; the link works once, for ${until}):\n` +
          `${link}\n\n` +
          `If you did not expect this, ignore this mail.\n`,
      });
    } catch {
      // MailService reported the failure to the smtp monitor, which logs the outage once.
      throw MemberErrors.mailFailed();
    }
  }
}

const limit = (detail: string) => MemberErrors.limitReached(detail);
