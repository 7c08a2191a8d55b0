import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { AppClientColumns } from './app-client-columns';

/**
 * An installable app (§13): registered once by a developer (any account), installed by many stores. Its
 * client columns are every app's (AppClientColumns); refresh tokens are bound to the installation, not to
 * the secret, and keep working after a rotation. The webhook secret must sign, so it is sealed
 * (AES-256-GCM, libs/webhooks' SigningSecretBox), not hashed.
 */
@Entity({ name: 'installable_apps' })
@Index('ix_installable_apps_developer_created', ['developerId', 'createdAt', 'id'])
@Index('uq_installable_apps_client_id', ['clientId'], { unique: true })
export class InstallableAppEntity extends AppClientColumns {
  @Column({ name: 'developer_id', type: 'uuid' })
  developerId!: string;

  // By entity name, not class: this context depends on the accounts table, not on the auth code.
  @ManyToOne('AccountEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'developer_id', foreignKeyConstraintName: 'FK_installable_apps_developer' })
  developer?: object;

  @Column({ name: 'redirect_uris', type: 'text', array: true })
  redirectUris!: string[];

  @Column({ name: 'homepage_url', type: 'varchar', length: 2048, nullable: true })
  homepageUrl!: string | null;

  @Column({ name: 'webhook_url', type: 'varchar', length: 2048, nullable: true })
  webhookUrl!: string | null;

  @Column({ name: 'webhook_events', type: 'text', array: true, default: () => "'{}'" })
  webhookEvents!: string[];

  @Column({ name: 'webhook_secret_sealed', type: 'text' })
  webhookSecretSealed!: string;

  @Column({ name: 'webhook_secret_hint', type: 'varchar', length: 4 })
  webhookSecretHint!: string;

  /** After a rotation the previous webhook secret signs beside the new one until this time (24 h). */
  @Column({ name: 'previous_webhook_secret_sealed', type: 'text', nullable: true })
  previousWebhookSecretSealed!: string | null;

  @Column({ name: 'previous_webhook_secret_until', type: 'timestamptz', nullable: true })
  previousWebhookSecretUntil!: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
