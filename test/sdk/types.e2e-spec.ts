import { PRODUCT_FIELDS, STORE_FIELDS } from '@app/sdk/graphql';
import { TestApp } from '@app/testing/test-app';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { GraphQLObjectType, printSchema } from 'graphql';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The SDK's wire types are generated, not written: openapi.generated.ts from the OpenAPI document this very
 * server serves, storefront.generated.ts from the Storefront schema it builds. When a DTO, a route or a
 * GraphQL type changes without `npm run sdk:types`, this test fails and shows the difference.
 */
const ROOT = join(__dirname, '..', '..');
const SDK_SRC = join(ROOT, 'libs/sdk/src');
const FILES = ['openapi.generated.ts', 'storefront.generated.ts'];

type OpenApi = {
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
};

describe('SDK types generated from the server', () => {
  let t: TestApp;
  let out: string;
  let doc: OpenApi;

  beforeAll(async () => {
    t = await TestApp.start();
    out = mkdtempSync(join(tmpdir(), 'sf-sdk-types-'));
    const served = await t.get('/docs/openapi.json');
    expect(served.status).toBe(200);
    doc = served.body as OpenApi;
    writeFileSync(join(out, 'openapi.json'), served.text);
    writeFileSync(join(out, 'schema.gql'), printSchema(t.app.get(GraphQLSchemaHost).schema));
    execFileSync(
      process.execPath,
      [join(ROOT, 'scripts/sdk-types.mjs'), join(out, 'openapi.json'), join(out, 'schema.gql'), out],
      { stdio: 'pipe' },
    );
    if (process.env.UPDATE_SDK_TYPES === '1')
      for (const f of FILES) copyFileSync(join(out, f), join(SDK_SRC, f));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it.each(FILES)('the committed %s matches what the server describes', (file) => {
    expect(readFileSync(join(SDK_SRC, file), 'utf8')).toBe(readFileSync(join(out, file), 'utf8'));
  });

  it('the generated REST types cover the answers the SDK reads', () => {
    const generated = readFileSync(join(SDK_SRC, 'openapi.generated.ts'), 'utf8');
    const types = readFileSync(join(SDK_SRC, 'types.ts'), 'utf8');
    const named = [...types.matchAll(/Schemas\['(\w+)'\]/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(15);
    for (const name of named) {
      expect(doc.components.schemas).toHaveProperty(name);
      expect(generated).toContain(`        ${name}: {`);
    }
  });

  it("the SDK's selections return every field its Product and Store types promise", () => {
    // types.ts types a product as the schema's Product without `store` (and a store without `products`),
    // so a field the schema gains must be selected too, or the SDK would type it and never return it.
    const schema = t.app.get(GraphQLSchemaHost).schema;
    const fieldsOf = (name: string, ...without: string[]) =>
      Object.keys((schema.getType(name) as GraphQLObjectType).getFields())
        .filter((f) => !without.includes(f))
        .sort();
    // The top-level names of a selection: what stands outside any { … } (nested ones included).
    const selected = (selection: string) => {
      let flat = selection;
      while (/\{[^{}]*\}/.test(flat)) flat = flat.replace(/\{[^{}]*\}/g, ' ');
      return flat.split(/\s+/).filter(Boolean).sort();
    };
    // (v1.4) `variants` is a connection the catalogue calls leave out (types.ts omits it too).
    expect(selected(PRODUCT_FIELDS)).toEqual(fieldsOf('Product', 'store', 'variants'));
    expect(selected(STORE_FIELDS)).toEqual(fieldsOf('Store', 'products'));
  });

  it('the documented store shape is the one the server answers', async () => {
    const { access_token } = await t.signIn('types@example.com');
    const created = await t.post(
      '/v1/user/stores/onboarding/stage1',
      { name: 'Typed shop', description: 'Shapes' },
      { token: access_token },
    );
    expect(created.status).toBe(201);
    const schema = doc.components.schemas.StoreModel;
    expect(Object.keys(created.body).sort()).toEqual(Object.keys(schema.properties ?? {}).sort());
    expect([...(schema.required ?? [])].sort()).toEqual(Object.keys(created.body).sort());
    const me = await t.get('/v1/auth/me', { token: access_token });
    expect(Object.keys(me.body).sort()).toEqual(
      Object.keys(doc.components.schemas.MeDto.properties ?? {}).sort(),
    );
  });
});
