import type { PurgeRule } from '@app/database';

/** Events are kept EVENT_RETENTION_DAYS, then the purge job deletes them (ix_events_created finds them). */
export const EVENTS_PURGE_RULES: PurgeRule[] = [
  {
    name: 'events',
    table: 'events',
    where: `created_at < now() - make_interval(days => $1)`,
    params: (config) => [config.eventRetentionDays],
  },
];
