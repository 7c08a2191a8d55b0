import { Injectable } from '@nestjs/common';
import { Errors } from '@app/core';
import { AccountsRepository } from './accounts.repository';
import type { MeDto } from './dto/auth.dto';

@Injectable()
export class AccountService {
  constructor(private readonly accounts: AccountsRepository) {}

  /**
   * The account for a verified e-mail, created on its first verified sign-in, with the identity that
   * proved it. Upserts, so parallel first sign-ins still make one account.
   */
  async findOrCreateByVerifiedEmail(email: string, provider: string, subject: string): Promise<string> {
    return this.accounts.upsertWithIdentity(email, provider, subject);
  }

  /**
   * The account of a provider identity (Google, GitHub). A known identity always maps to its account,
   * whatever e-mail the provider reports today. A new identity needs a verified e-mail: it links to the
   * account with that address, or creates it. Both inserts are conflict-tolerant, so parallel first
   * sign-ins of one identity end on one account; a null from the identity insert means another request
   * linked it first, and its link wins.
   */
  async findOrLinkIdentity(
    provider: string,
    subject: string,
    verifiedEmail: string | null,
  ): Promise<string | null> {
    const known = await this.identityAccount(provider, subject);
    if (known) return known;
    if (!verifiedEmail) return null;
    const linked = await this.accounts.linkIdentity(verifiedEmail, provider, subject);
    return linked ?? (await this.identityAccount(provider, subject));
  }

  private async identityAccount(provider: string, subject: string): Promise<string | null> {
    return (await this.accounts.accountOfIdentity(provider, subject)) ?? null;
  }

  async me(accountId: string): Promise<MeDto> {
    const row = await this.accounts.profile(accountId);
    if (!row) throw Errors.invalidToken();
    const order = ['otp', 'google', 'github'];
    return {
      id: row.id,
      email: row.email,
      createdAt: row.created_at.toISOString(),
      providers: [...row.providers].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    };
  }
}
