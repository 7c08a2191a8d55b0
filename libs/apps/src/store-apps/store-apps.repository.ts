import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import { OAuthAppEntity } from '../entities/store-app.entity';
import { insertInStore, listInStore } from '@app/stores';

export interface AppRow {
  id: string;
  store_id: string;
  name: string;
  client_id: string;
  scopes: string[];
  created_at: Date;
  secret_hint: string;
}

const COLUMNS = 'id, store_id, name, client_id, scopes, created_at, secret_hint';
const APPS = { table: 'oauth_apps', alias: 'a', columns: COLUMNS };

/**
 * The store of a store app, for the access guard's membership read on `/v1/user/stores/oauth/apps/:appId`
 * routes (a STORE_LOCATOR wired in the composition root): an SQL expression of the app id parameter.
 */
export const APP_STORE_LOCATOR = {
  name: 'app',
  storeOf: (param: string) => `(SELECT a.store_id FROM oauth_apps a WHERE a.id = ${param})`,
};

/**
 * The `oauth_apps` table as the store's management routes use it: every statement is scoped by the store the
 * route's access rule decided (an app is found by its id in that store), so another store's app reads as
 * missing. (What the token endpoint and the guard read of it, beside installable apps, is
 * AppTokensRepository's.) Rotation and deletion go through TypeORM's QueryBuilder on OAuthAppEntity;
 * the insert and the list through @app/stores' insertInStore and listInStore. The management writes run in the caller's transaction (`tx`), where their event is written too.
 */
@Injectable()
export class StoreAppsRepository {
  constructor(private readonly sql: Sql) {}

  /** Inserts an app in the store; undefined when the store is gone. */
  insert(
    tx: EntityManager,
    storeId: string,
    app: { name: string; clientId: string; scopes: string[] },
    secret: { hash: string; hint: string },
  ): Promise<AppRow | undefined> {
    return insertInStore<AppRow>(this.sql, tx, APPS, storeId, {
      name: app.name,
      client_id: app.clientId,
      secret_hash: secret.hash,
      secret_hint: secret.hint,
      scopes: app.scopes,
    });
  }

  /** The store's apps, oldest first. */
  list(storeId: string): Promise<AppRow[]> {
    return listInStore<AppRow>(this.sql, APPS, storeId);
  }

  /** A new secret and a bumped version (which kills every token of the old one). */
  async rotate(
    tx: EntityManager,
    storeId: string,
    appId: string,
    secret: { hash: string; hint: string },
  ): Promise<AppRow | undefined> {
    const result = await tx
      .getRepository(OAuthAppEntity)
      .createQueryBuilder()
      .update()
      .set({
        secretHash: secret.hash,
        secretHint: secret.hint,
        secretVersion: () => 'secret_version + 1',
        secretRotatedAt: () => 'clock_timestamp()',
      })
      .where('id = :appId AND store_id = :storeId', { appId, storeId })
      .returning(COLUMNS)
      .updateEntity(false)
      .execute();
    return (result.raw as AppRow[])[0];
  }

  /** Deletes the store's app; false when there was none. */
  async delete(tx: EntityManager, storeId: string, appId: string): Promise<boolean> {
    const result = await tx
      .getRepository(OAuthAppEntity)
      .createQueryBuilder()
      .delete()
      .where('id = :appId AND store_id = :storeId', { appId, storeId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Runs `work` in one transaction: a management write and its event commit together. */
  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }
}
