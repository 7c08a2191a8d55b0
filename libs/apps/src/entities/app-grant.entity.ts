import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { UuidRow } from '@app/core';

/**
 * One authorization code's exchange and every token that descends from it (its refresh-token chain).
 * Access tokens carry its id (`gid`): revoking the grant — a replayed code, a reused refresh token, a
 * consent to wider scopes — refuses all of them on the very next request. `live_token_hash` is the grant's
 * one live refresh token; `previous_token_hash` the one it replaced, which may be presented again while
 * the live one is unused (an app that crashed before saving it) and then gets a new live one. Any other
 * refresh token of the grant is dead: presenting it is reuse.
 */
@Entity({ name: 'app_grants' })
@Index('ix_app_grants_installation', ['installationId'])
export class AppGrantEntity extends UuidRow {
  @Column({ name: 'installation_id', type: 'uuid' })
  installationId!: string;

  @ManyToOne('AppInstallationEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'installation_id', foreignKeyConstraintName: 'FK_app_grants_installation' })
  installation?: object;

  @Column({ type: 'varchar', length: 32, array: true })
  scopes!: string[];

  @Column({ name: 'live_token_hash', type: 'char', length: 64, nullable: true })
  liveTokenHash!: string | null;

  @Column({ name: 'previous_token_hash', type: 'char', length: 64, nullable: true })
  previousTokenHash!: string | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
