#!/usr/bin/env node
// Generates the SDK's wire types from the service's own descriptions:
//   node scripts/sdk-types.mjs <openapi.json> <schema.gql> <out-dir>
// writes <out-dir>/openapi.generated.ts (openapi-typescript, from the OpenAPI document the server serves at
// /docs/openapi.json) and <out-dir>/storefront.generated.ts (graphql-codegen's typescript plugin, from the
// printed Storefront schema). test/sdk/types.e2e-spec.ts runs this against the live server and fails when
// the committed files differ; `npm run sdk:types` rewrites them.
import { codegen } from '@graphql-codegen/core';
import * as typescriptPlugin from '@graphql-codegen/typescript';
import { parse } from 'graphql';
import openapiTS, { astToString } from 'openapi-typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [openapiFile, schemaFile, outDir] = process.argv.slice(2);
if (!openapiFile || !schemaFile || !outDir) {
  console.error('usage: node scripts/sdk-types.mjs <openapi.json> <schema.gql> <out-dir>');
  process.exit(2);
}

const banner = (source) =>
  `/* eslint-disable */\n// Generated from ${source} by scripts/sdk-types.mjs. Do not edit: run \`npm run sdk:types\`.\n\n`;

const rest = astToString(
  await openapiTS(JSON.parse(readFileSync(openapiFile, 'utf8')), {
    alphabetize: true,
    exportType: false,
  }),
);
writeFileSync(join(outDir, 'openapi.generated.ts'), banner("the service's OpenAPI document") + rest);

const graphql = await codegen({
  filename: 'storefront.generated.ts',
  schema: parse(readFileSync(schemaFile, 'utf8')),
  documents: [],
  config: {},
  plugins: [
    {
      typescript: {
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
        scalars: { DateTime: 'string' },
        useTypeImports: true,
        skipTypename: true,
      },
    },
  ],
  pluginMap: { typescript: typescriptPlugin },
});
writeFileSync(join(outDir, 'storefront.generated.ts'), banner('libs/storefront/schema.gql') + graphql);
