import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One started Google/GitHub sign-in: the server half of the OAuth `state`. The row is deleted when the
 * callback presents its state (single use), and it only matches from the browser that started the
 * sign-in (binding_hash, from an HttpOnly cookie).
 */
@Entity({ name: 'social_login_states' })
export class SocialLoginStateEntity {
  /** Keyed hash of the random part of the state; the raw state exists only in the redirect URLs. */
  @PrimaryColumn({ name: 'state_hash', type: 'char', length: 64 })
  stateHash!: string;

  @Column({ type: 'varchar', length: 20 })
  provider!: string;

  /** Keyed hash of the browser-binding cookie the state was issued to. */
  @Column({ name: 'binding_hash', type: 'char', length: 64 })
  bindingHash!: string;

  /** The PKCE code_verifier (Google); null for providers without PKCE. */
  @Column({ name: 'code_verifier', type: 'varchar', length: 128, nullable: true })
  codeVerifier!: string | null;

  /** Where to send the browser with a login_code afterwards; null → the callback answers JSON. */
  @Column({ name: 'redirect_uri', type: 'varchar', length: 2048, nullable: true })
  redirectUri!: string | null;

  /** With a redirect_uri: the client's S256 challenge, handed on to the login code. */
  @Column({ name: 'client_code_challenge', type: 'varchar', length: 64, nullable: true })
  clientCodeChallenge!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Index('ix_social_login_states_expires')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
