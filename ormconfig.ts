// The TypeORM data source for the migration CLI (`npm run migration:generate -- libs/database/src/migrations/Name`,
// `npm run migration:run`). It needs a PostgreSQL server: DATABASE_URL, else the local test server.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './libs/database/src/data-source-options';
import { ENTITIES } from './apps/api/src/entities';

export default new DataSource(
  dataSourceOptions({
    url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    embedded: false,
    migrationsRun: false,
    entities: ENTITIES,
  }),
);
