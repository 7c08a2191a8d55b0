export { BRANDING_FIELDS } from './branding';
export * from './entities/store.entity';
export * from './dto/store.model';
export * from './dto/store-fields';
export * from './dto/update-store.dto';
export * from './store-progress';
export * from './store.row';
export { toStoreData, toStoreModel } from './store.mapper';
export * from './stores.errors';
export * from './stores.module';
export * from './stores.service';
export {
  EXISTING_STORE,
  insertInStore,
  listInStore,
  qualifiedColumns,
  type StoreChildTable,
} from './stores.repository';
export * from './validation';
