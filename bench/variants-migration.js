#!/usr/bin/env node
// The variants migration (ProductOptionsAndVariants1795890000000) timed on a large catalogue — a
// benchmark, not a test. Creates a fresh database, applies every earlier migration, generates N products
// (default 1,000,000; `--products=N`) in one store, then applies the migration while a writer keeps
// changing products' stock as the previous release's checkouts do, and prints how long the migration
// took and the longest any of those writes waited (how long product writes were blocked).
//
//   node bench/variants-migration.js [--products=1000000] [--database-url=postgres://postgres@127.0.0.1:5432]
require('ts-node').register({ transpileOnly: true });
require('tsconfig-paths').register();
const { randomBytes, randomUUID } = require('node:crypto');
const { Client } = require('pg');
const { DataSource } = require('typeorm');
const { MIGRATIONS } = require('../libs/database/src/migrations');

const arg = (name, fallback) =>
  (process.argv.find((a) => a.startsWith(`--${name}=`)) ?? '').split('=')[1] || fallback;
const N = Number(arg('products', '1000000'));
const BASE = arg('database-url', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432');
const TARGET = 'ProductOptionsAndVariants1795890000000';

async function main() {
  const name = `sf_bench_variants_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: `${BASE}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = `${BASE}/${name}`;
  const source = (migrations) =>
    new DataSource({ type: 'postgres', url, migrations, migrationsTransactionMode: 'all', logging: false });
  try {
    const index = MIGRATIONS.findIndex((m) => m.name === TARGET);
    const before = source(MIGRATIONS.slice(0, index));
    await before.initialize();
    await before.runMigrations();
    const store = randomUUID();
    await before.query(`INSERT INTO stores (id, name) VALUES ($1, 'Bench')`, [store]);
    let started = Date.now();
    await before.query(
      // Written a day ago, as a real catalogue mostly is (the catch-up reads what changed meanwhile).
      `INSERT INTO products (store_id, handle, title, price_minor, currency_code, inventory, created_at, updated_at)
       SELECT $1, 'p' || g, 'Product ' || g, 100 + g % 1000, 'USD', 1000, now() - interval '1 day', now() - interval '1 day'
         FROM generate_series(1, $2) g`,
      [store, N],
    );
    await before.query('ANALYZE products');
    console.log(`generated ${N} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const ids = (await before.query(`SELECT id FROM products ORDER BY random() LIMIT 200`)).map((r) => r.id);
    await before.destroy();

    // The previous release selling meanwhile: one stock write after another, each timed.
    const writer = new Client({ connectionString: url });
    await writer.connect();
    let running = true;
    let worst = 0;
    let writes = 0;
    const selling = (async () => {
      while (running) {
        const t0 = Date.now();
        await writer.query(
          `UPDATE products SET inventory = inventory - 1, updated_at = now() WHERE id = $1`,
          [ids[writes % ids.length]],
        );
        worst = Math.max(worst, Date.now() - t0);
        writes++;
      }
    })();
    const after = source(MIGRATIONS.slice(0, index + 1));
    await after.initialize();
    started = Date.now();
    await after.runMigrations({ transaction: 'all' });
    const took = (Date.now() - started) / 1000;
    running = false;
    await selling;
    const [{ count }] = await after.query(`SELECT count(*)::int AS count FROM product_variants`);
    const [{ drift }] = await after.query(
      `SELECT count(*)::int AS drift FROM products p JOIN product_variants v ON v.product_id = p.id
        WHERE v.inventory <> p.inventory OR v.price_minor <> p.price_minor`,
    );
    await after.destroy();
    await writer.end();
    console.log(
      `migration: ${took.toFixed(1)} s for ${N} products (${count} default variants, ${drift} differing from ` +
        `their product); ${writes} concurrent stock writes, the longest waited ${worst} ms`,
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
