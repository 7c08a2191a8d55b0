import type { EmbeddedPostgres } from './embedded-postgres';

/** Where the database is: DATABASE_URL's server, or the embedded PGlite this process started. */
export interface DatabaseEndpoint {
  url: string;
  embedded: EmbeddedPostgres | null;
}

export const DATABASE_ENDPOINT = Symbol('DATABASE_ENDPOINT');
