import type { PurgeRule } from '@app/database';

/** Login codes and sign-in states are useless once expired: nothing reads them after that. */
export const SOCIAL_LOGIN_PURGE_RULES: PurgeRule[] = [
  { name: 'login_codes', table: 'login_codes', where: `expires_at < now()` },
  { name: 'social_login_states', table: 'social_login_states', where: `expires_at < now()` },
];
