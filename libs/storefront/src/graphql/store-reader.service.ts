import { Injectable } from '@nestjs/common';
import { StoresService } from '@app/stores';
import type { PublicStoreModel } from './public-store.model';

/**
 * The GraphQL door's read of the token's store: its public face (no owner, address, phone numbers or tax
 * id), as @app/stores exports it; those are exactly the fields of GraphQL's `Store`.
 */
@Injectable()
export class StoreReader {
  constructor(private readonly stores: StoresService) {}

  byId(storeId: string): Promise<PublicStoreModel | null> {
    return this.stores.publicProfile(storeId);
  }
}
