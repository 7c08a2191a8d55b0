export * from './entities/store.entity';
