import type { PurgeRule } from '@app/database';

/**
 * An upload not completed within 24 h is deleted (§17); a completed one's row is not needed after that
 * either (its media has its own row). The delete trigger trashes the folder of an upload that never became
 * a media, and the media sweeper removes its object.
 */
export const MEDIA_PURGE_RULES: PurgeRule[] = [
  { name: 'media_uploads', table: 'media_uploads', where: `created_at < now() - interval '24 hours'` },
];
