import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The console is served by the API process at /console (apps/api/src/console.ts) from dist/console.
// Vite 8 compiles TSX itself (oxc), with React's automatic JSX runtime.
export default defineConfig({
  root: here('.'),
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    alias: { '@storefront-platform/sdk/browser': here('../../libs/sdk/src/browser.ts') },
  },
  build: {
    outDir: here('../../dist/console'),
    emptyOutDir: true,
    assetsDir: 'assets',
    // Nothing inlined into index.html: the console's Content-Security-Policy allows no inline script or style.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2022',
    rollupOptions: {
      onwarn(warning, warn) {
        // react-router marks its modules "use client" (for React Server Components); meaningless here.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  logLevel: 'warn',
});
