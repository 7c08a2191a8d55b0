#!/usr/bin/env node
'use strict';
// Why the per-request reads are named prepared statements and the ordinary writes go through TypeORM
// (docs/architecture.md): the same one-row read of a store by id and owner, on the same pg pool and
// database, three ways, interleaved over 5 rounds:
//   A) a named prepared statement on the pool (what Sql.one({ name, … }) sends);
//   B) TypeORM's QueryBuilder (select … where … getRawOne);
//   C) TypeORM's Repository.findOneBy (an entity object back).
// It prints the client's CPU per read (process.cpuUsage: what the server's one Node thread pays) and
// the wall time per read, run one after another (no concurrency), and the medians.
// `node bench/micro/prepared-vs-typeorm.js [reads per round]`; needs PostgreSQL at
// $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres (a scratch database is created
// and dropped).
require('reflect-metadata');
const { randomBytes } = require('node:crypto');
const { URL } = require('node:url');
const { Client } = require('pg');
const { DataSource, EntitySchema } = require('typeorm');

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const reads = Number(process.argv[2] ?? 4000);

const Store = new EntitySchema({
  name: 'Store',
  tableName: 'stores',
  columns: {
    id: { type: 'uuid', primary: true },
    ownerId: { name: 'owner_id', type: 'uuid' },
    name: { type: 'varchar' },
    description: { type: 'varchar', nullable: true },
    status: { type: 'varchar' },
    socialLinks: { name: 'social_links', type: 'varchar', array: true },
    createdAt: { name: 'created_at', type: 'timestamptz' },
    updatedAt: { name: 'updated_at', type: 'timestamptz' },
  },
});
const COLUMNS = 'id, owner_id, name, description, status, social_links, created_at, updated_at';

async function main() {
  const name = `sf_micro_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataSource = new DataSource({
    type: 'postgres',
    url: url.toString(),
    entities: [Store],
    extra: { max: 1 },
  });
  try {
    await dataSource.initialize();
    await dataSource.query(`CREATE TABLE stores (
      id uuid PRIMARY KEY, owner_id uuid NOT NULL, name varchar NOT NULL, description varchar,
      status varchar NOT NULL, social_links varchar[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`);
    await dataSource.query(
      `INSERT INTO stores (id, owner_id, name, status)
       SELECT gen_random_uuid(), gen_random_uuid(), 'Store ' || g, 'active' FROM generate_series(1, 1000) g`,
    );
    const [{ id, owner_id: ownerId }] = await dataSource.query('SELECT id, owner_id FROM stores LIMIT 1');
    const pool = dataSource.driver.master;
    const repository = dataSource.getRepository(Store);
    const ways = {
      'A prepared statement': () =>
        pool.query({
          name: 'micro_store',
          text: `SELECT ${COLUMNS} FROM stores WHERE id = $1 AND owner_id = $2`,
          values: [id, ownerId],
        }),
      'B QueryBuilder getRawOne': () =>
        repository
          .createQueryBuilder('s')
          .select(COLUMNS)
          .where('s.id = :id AND s.owner_id = :ownerId', { id, ownerId })
          .getRawOne(),
      'C Repository.findOneBy': () => repository.findOneBy({ id, ownerId }),
    };
    const results = Object.fromEntries(Object.keys(ways).map((k) => [k, { cpu: [], wall: [] }]));
    for (const read of Object.values(ways)) for (let i = 0; i < 300; i++) await read(); // warm-up
    for (let round = 1; round <= 5; round++) {
      for (const [label, read] of Object.entries(ways)) {
        const cpu = process.cpuUsage();
        const start = process.hrtime.bigint();
        for (let i = 0; i < reads; i++) await read();
        const wall = Number(process.hrtime.bigint() - start) / 1000 / reads;
        const used = process.cpuUsage(cpu);
        results[label].cpu.push((used.user + used.system) / reads);
        results[label].wall.push(wall);
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`${reads} reads per round, 5 rounds, one connection, one row by id and owner`);
    for (const [label, r] of Object.entries(results)) {
      console.log(
        `  ${label.padEnd(26)} client CPU ${median(r.cpu).toFixed(1).padStart(6)} µs/read` +
          `  wall ${median(r.wall).toFixed(1).padStart(6)} µs/read` +
          `  (CPU rounds: ${r.cpu.map((x) => x.toFixed(0)).join(', ')})`,
      );
    }
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
