import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * A refresh token of an installed app, stored as a keyed hash. Each use issues one of the next generation;
 * a token stays usable until a token of a newer generation of its grant is first used (so an app that
 * crashed before saving its new token can refresh again), and is reuse after that.
 */
@Entity({ name: 'app_refresh_tokens' })
@Index('ix_app_refresh_tokens_grant', ['grantId'])
export class AppRefreshTokenEntity {
  @PrimaryColumn({
    name: 'token_hash',
    type: 'char',
    length: 64,
    primaryKeyConstraintName: 'PK_app_refresh_tokens',
  })
  tokenHash!: string;

  @Column({ name: 'grant_id', type: 'uuid' })
  grantId!: string;

  @ManyToOne('AppGrantEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'grant_id', foreignKeyConstraintName: 'FK_app_refresh_tokens_grant' })
  grant?: object;

  @Column({ type: 'integer' })
  generation!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
