import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The SDK's browser entry as ONE ES module file, for web pages without a bundler:
// `import { StorefrontClient } from 'https://<service>/console/sdk/storefront-sdk.js'`. Built after the
// console (whose build empties dist/console) into dist/console/sdk, and served by the API with
// `Access-Control-Allow-Origin: *` (apps/api/src/http/console.routes.ts).
export default defineConfig({
  build: {
    outDir: here('../../dist/console/sdk'),
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    lib: {
      entry: here('../../libs/sdk/src/browser.ts'),
      formats: ['es'],
      fileName: () => 'storefront-sdk.js',
    },
  },
  logLevel: 'warn',
});
