import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * An authorization code (§13): stored only as a keyed hash, single use, valid 60 s, bound to the client,
 * the redirect URI, the PKCE challenge, the store, the scopes and the consenting account — and to the
 * installation its consent made or widened: an uninstall deletes it (a re-install is a new installation
 * that no older code reaches). `grant_id` is the grant its exchange made: presenting the code again revokes
 * that grant.
 */
@Entity({ name: 'app_authorization_codes' })
@Index('ix_app_authorization_codes_expires', ['expiresAt'])
@Index('ix_app_authorization_codes_installation', ['installationId'])
export class AppAuthorizationCodeEntity {
  @PrimaryColumn({
    name: 'code_hash',
    type: 'char',
    length: 64,
    primaryKeyConstraintName: 'PK_app_authorization_codes',
  })
  codeHash!: string;

  /** Not a reference: a code outlives nothing, and the purge removes it a day after it expired. */
  @Column({ name: 'app_id', type: 'uuid' })
  appId!: string;

  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  @Column({ name: 'installation_id', type: 'uuid' })
  installationId!: string;

  @ManyToOne('AppInstallationEntity', { onDelete: 'CASCADE' })
  @JoinColumn({
    name: 'installation_id',
    foreignKeyConstraintName: 'FK_app_authorization_codes_installation',
  })
  installation?: object;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @Column({ name: 'redirect_uri', type: 'text' })
  redirectUri!: string;

  @Column({ name: 'code_challenge', type: 'varchar', length: 128 })
  codeChallenge!: string;

  @Column({ type: 'varchar', length: 32, array: true })
  scopes!: string[];

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'grant_id', type: 'uuid', nullable: true })
  grantId!: string | null;
}
