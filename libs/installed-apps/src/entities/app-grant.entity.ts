import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { UuidRow } from '@app/core';

/**
 * One authorization code's exchange and every token that descends from it (its refresh-token chain).
 * Access tokens carry its id (`gid`): revoking the grant — a replayed code, a reused refresh token, a
 * consent to wider scopes — refuses all of them on the very next request. `confirmed_generation` is the
 * newest refresh-token generation that has been used: a token of an older generation is reuse.
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

  @Column({ name: 'confirmed_generation', type: 'integer', default: 0 })
  confirmedGeneration!: number;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
