import type { PurgeRule } from '@app/database';

/**
 * Authorization codes live 60 s; a used or expired one is kept a day (a replay within it still revokes the
 * tokens of its exchange), then it stops mattering. Revoked grants go with their refresh tokens once the
 * longest access token of them has expired.
 */
export const APPS_PURGE_RULES: PurgeRule[] = [
  {
    name: 'app_authorization_codes',
    table: 'app_authorization_codes',
    where: `expires_at < now() - interval '1 day'`,
  },
  { name: 'app_grants', table: 'app_grants', where: `revoked_at < now() - interval '1 day'` },
];
