import type { SocialProvider } from '../social.errors';

/** What a provider told us about the person, as far as sign-in needs it. */
export interface SocialIdentity {
  provider: SocialProvider;
  /** The provider's stable user id (Google `sub`, GitHub numeric id) — never a renamable login. */
  subject: string;
  /** Trimmed and lower-cased; null when the provider gave no address. */
  email: string | null;
  /** Whether the provider vouches that the person controls `email`. */
  emailVerified: boolean;
}

export const normaliseEmail = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;
