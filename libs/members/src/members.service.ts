import { Injectable } from '@nestjs/common';
import { AccessibleStore, AccountCaller, isUuid } from '@app/core';
import { EventsWriter } from '@app/events';
import type { MemberRole, Role } from '@app/sdk';
import type { EntityManager } from 'typeorm';
import type { MemberDto } from './dto/member.dto';
import { MemberPolicy } from './member.policy';
import { toMemberDto } from './member.mapper';
import { MembersRepository } from './members.repository';
import { MemberErrors } from './members.errors';

/**
 * A store's members: the list, role changes, removals (leaving included) and the transfer of ownership.
 * The route's access rule let the caller in; each change then takes the store's membership lock and
 * decides on the roles as they are under it (MemberPolicy), writes, and records its event in the same
 * transaction. No SQL here (MembersRepository).
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    private readonly events: EventsWriter,
  ) {}

  /** The owner first, then by the time they joined. */
  async list({ storeId }: AccessibleStore): Promise<MemberDto[]> {
    return (await this.members.list(storeId)).map(toMemberDto);
  }

  async changeRole(
    caller: AccountCaller,
    { storeId }: AccessibleStore,
    accountId: string,
    role: MemberRole,
  ): Promise<MemberDto> {
    if (!isUuid(accountId)) throw MemberErrors.memberNotFound();
    return this.members.transaction(async (tx) => {
      const { actor, roleOf } = await this.locked(tx, storeId, caller);
      const target = roleOf(accountId);
      if (!target) throw MemberErrors.memberNotFound();
      const decision = MemberPolicy.changeRole(actor, target, role);
      const row =
        decision === 'unchanged'
          ? await this.members.find(tx, storeId, accountId)
          : await this.members.setRole(tx, storeId, accountId, role);
      if (!row) throw MemberErrors.memberNotFound();
      const member = toMemberDto(row);
      if (decision === 'change') {
        await this.events.emit(tx, { storeId, type: 'member.role_changed', caller, data: member });
      }
      return member;
    });
  }

  /** Removes a member; a member removing itself is leaving the store. */
  async remove(caller: AccountCaller, { storeId }: AccessibleStore, accountId: string): Promise<void> {
    if (!isUuid(accountId)) throw MemberErrors.memberNotFound();
    await this.members.transaction(async (tx) => {
      const { actor, roleOf } = await this.locked(tx, storeId, caller);
      const target = roleOf(accountId);
      if (!target) throw MemberErrors.memberNotFound();
      MemberPolicy.remove(actor, target, accountId.toLowerCase() === caller.accountId);
      const removed = await this.members.delete(tx, storeId, accountId);
      if (!removed) throw MemberErrors.memberNotFound();
      await this.events.emit(tx, { storeId, type: 'member.removed', caller, data: toMemberDto(removed) });
    });
  }

  /**
   * Makes another member the owner and the owner an admin, in one transaction under the store's
   * membership lock: concurrent transfers run one after the other, and the second finds its caller no
   * longer the owner (403), so the store never has two owners or none. The old owner is demoted before
   * the new one is promoted, as the one-owner index requires. Answers the caller's role afterwards.
   */
  async transfer(caller: AccountCaller, { storeId }: AccessibleStore, accountId: string): Promise<Role> {
    return this.members.transaction(async (tx) => {
      const { actor, roleOf } = await this.locked(tx, storeId, caller);
      MemberPolicy.transfer(actor);
      if (!roleOf(accountId)) throw MemberErrors.memberNotFound();
      // Transferring to oneself changes nothing.
      if (accountId.toLowerCase() === caller.accountId) return actor;
      const from = await this.members.setRole(tx, storeId, caller.accountId, 'admin');
      const to = await this.members.setRole(tx, storeId, accountId, 'owner');
      if (!from || !to) throw MemberErrors.memberNotFound();
      await this.events.emit(tx, {
        storeId,
        type: 'store.transferred',
        caller,
        data: { from: toMemberDto(from), to: toMemberDto(to) },
      });
      return 'admin';
    });
  }

  /**
   * Takes the store's membership lock and answers the caller's role as it is now (it may have changed
   * since the route's access check: then the change is decided on the new one) and a lookup of the others.
   */
  private async locked(tx: EntityManager, storeId: string, caller: AccountCaller) {
    const rows = await this.members.lock(tx, storeId);
    const roles = new Map(rows.map((r) => [r.account_id, r.role]));
    const actor = roles.get(caller.accountId);
    // Removed (or the store deleted) since the access check: as if it had come a moment later.
    if (!actor) throw MemberErrors.storeNotFound();
    return { actor, roleOf: (accountId: string) => roles.get(accountId.toLowerCase()) };
  }
}
