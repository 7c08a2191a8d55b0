import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { AppClientColumns } from './app-client-columns';

/**
 * A store app (an "OAuth app" on the wire): server-side credentials of one store, acting for it through
 * the client-credentials grant. It goes with its store.
 */
@Entity({ name: 'oauth_apps' })
@Index('ix_oauth_apps_store_created', ['storeId', 'createdAt', 'id'])
@Index('uq_oauth_apps_client_id', ['clientId'], { unique: true })
export class OAuthAppEntity extends AppClientColumns {
  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  @ManyToOne('StoreEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id' })
  store?: object;

  @Column({ name: 'secret_rotated_at', type: 'timestamptz', default: () => 'now()' })
  secretRotatedAt!: Date;
}
