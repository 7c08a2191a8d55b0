import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';

/**
 * The `accounts` and `account_identities` tables. Every write tolerates a parallel twin (upserts).
 * `accounts.providers` follows the identities by itself: a trigger adds a new identity's provider in the
 * inserting statement (migration AccountProviders).
 */
@Injectable()
export class AccountsRepository {
  constructor(private readonly sql: Sql) {}

  /** The account with this e-mail, created if missing; the identity recorded if new. */
  async upsertWithIdentity(email: string, provider: string, subject: string): Promise<string> {
    const account = (await this.sql.one<{ id: string }>({
      text: `INSERT INTO accounts (email) VALUES ($1)
             ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
             RETURNING id`,
      values: [email],
    })) as { id: string };
    await this.sql.run({
      text: `INSERT INTO account_identities (account_id, provider, subject) VALUES ($1, $2, $3)
             ON CONFLICT (provider, subject) DO NOTHING`,
      values: [account.id, provider, subject],
    });
    return account.id;
  }

  /**
   * Links a new identity to the account with this verified e-mail (creating it) in one statement;
   * undefined when another request linked the identity first.
   */
  async linkIdentity(email: string, provider: string, subject: string): Promise<string | undefined> {
    const row = await this.sql.one<{ account_id: string }>({
      text: `WITH account AS (
               INSERT INTO accounts (email) VALUES ($1)
               ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
               RETURNING id)
             INSERT INTO account_identities (account_id, provider, subject)
             SELECT id, $2, $3 FROM account
             ON CONFLICT (provider, subject) DO NOTHING
             RETURNING account_id`,
      values: [email, provider, subject],
    });
    return row?.account_id;
  }

  async accountOfIdentity(provider: string, subject: string): Promise<string | undefined> {
    const row = await this.sql.one<{ account_id: string }>({
      text: `SELECT account_id FROM account_identities WHERE provider = $1 AND subject = $2`,
      values: [provider, subject],
    });
    return row?.account_id;
  }

  /** The account with the providers it signed in with (a prepared statement: a common call). */
  profile(
    accountId: string,
  ): Promise<{ id: string; email: string; created_at: Date; providers: string[] } | undefined> {
    return this.sql.one({
      name: 'auth_account_me',
      text: `SELECT a.id, a.email, a.created_at, a.providers FROM accounts a WHERE a.id = $1`,
      values: [accountId],
    });
  }
}
