import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * A refresh token of an installed app, stored as a keyed hash: every token a grant ever issued, so a dead
 * one presented again is known (reuse). Which one is live is the grant's (`live_token_hash`); `generation`
 * is its place in the chain (the code's exchange issues generation 1).
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
