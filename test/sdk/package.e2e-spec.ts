import { clientCredentialsToken, otpFrom } from '@app/testing';
import { CHROMIUM, CHROMIUM_ARGS } from '@app/testing/console-browser';
import { TestApp } from '@app/testing/test-app';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { Browser, chromium } from 'playwright-core';
import { minify } from '@swc/core';

/**
 * The SDK as users get it: `npm run sdk:pack` builds the tarball; an empty project installs it (no other
 * dependency) and one ES-module and one CommonJS script sign in, create an app and list products against
 * the running server; a real browser on another origin uses the `/browser` entry's StorefrontClient.
 */
const ROOT = join(__dirname, '..', '..');
const VERSION: string = JSON.parse(readFileSync(join(ROOT, 'libs/sdk/package.json'), 'utf8')).version;

describe('SDK package', () => {
  let t: TestApp;
  let project: string;
  let tarball: string;
  let web: Server;
  let webOrigin: string;

  beforeAll(async () => {
    // The page's origin must be known before the API starts (CORS_ORIGINS).
    web = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>shop</title>');
        return;
      }
      const file = join(ROOT, 'libs/sdk/dist/esm', path.replace(/^\/sdk\//, ''));
      try {
        const body = readFileSync(file);
        res
          .writeHead(200, {
            'content-type': extname(file) === '.js' ? 'text/javascript' : 'application/json',
          })
          .end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', () => resolve()));
    webOrigin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
    t = await TestApp.start({ env: { CORS_ORIGINS: webOrigin } });
    execFileSync('npm', ['run', '--silent', 'sdk:pack'], { cwd: ROOT, stdio: 'pipe' });
    const packs = readdirSync(join(ROOT, 'dist/sdk')).filter((f) => f.endsWith('.tgz'));
    expect(packs).toHaveLength(1);
    tarball = join(ROOT, 'dist/sdk', packs[0]);
    project = mkdtempSync(join(tmpdir(), 'sf-sdk-user-'));
    execFileSync('npm', ['init', '-y'], { cwd: project, stdio: 'pipe' });
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], {
      cwd: project,
      stdio: 'pipe',
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => web?.close(() => resolve()));
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('installs with no dependency of its own', () => {
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8'));
    expect(Object.keys(lock.packages).filter((p) => p.startsWith('node_modules/'))).toEqual([
      'node_modules/@storefront-platform/sdk',
    ]);
  });

  const script = (moduleLine: string) => `${moduleLine}
const main = async () => {
  const account = new AccountClient({ baseUrl: process.env.API });
  await account.verify(process.env.EMAIL, process.env.OTP);
  const store = await account.stores.create({ name: 'Packaged shop', description: 'From the tarball' });
  const app = await account.apps.create({ storeId: store.id, name: 'packaged' });
  const client = new AppClient({ baseUrl: process.env.API, clientId: app.clientId, clientSecret: app.clientSecret });
  await client.products.create({ handle: 'tee', title: 'Tee', price: '12.00', currencyCode: 'EUR', inventory: 3 });
  const page = await client.products.list({ first: 5 });
  const agent = (await account.sessions.list()).find((s) => s.current).userAgent;
  console.log(JSON.stringify({ store: store.id, titles: page.edges.map((e) => e.node.title), requestId: page.requestId, agent }));
};
main().catch((error) => { console.error(error); process.exit(1); });
`;

  async function runAs(file: string, email: string) {
    expect((await t.post('/v1/auth/login', { email })).status).toBe(202);
    const otp = otpFrom(await t.mail.waitFor(email));
    // Asynchronously: the server under test runs in this very process.
    const { stdout } = await promisify(execFile)(process.execPath, [file], {
      cwd: project,
      env: { ...process.env, API: t.baseUrl, EMAIL: email, OTP: otp },
      encoding: 'utf8',
    });
    return JSON.parse(stdout.trim().split('\n').pop()!);
  }

  it('works from an ES module: import', async () => {
    writeFileSync(
      join(project, 'esm.mjs'),
      script(`import { AccountClient, AppClient } from '@storefront-platform/sdk';`),
    );
    const result = await runAs('esm.mjs', 'esm-user@example.com');
    expect(result.titles).toEqual(['Tee']);
    expect(result.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // What the server saw (it keeps the User-Agent on the session).
    expect(result.agent).toBe(`storefront-sdk/${VERSION} node/${process.versions.node}`);
  });

  it('works from CommonJS: require', async () => {
    writeFileSync(
      join(project, 'cjs.cjs'),
      script(`const { AccountClient, AppClient } = require('@storefront-platform/sdk');`),
    );
    const result = await runAs('cjs.cjs', 'cjs-user@example.com');
    expect(result.titles).toEqual(['Tee']);
    expect(result.agent).toBe(`storefront-sdk/${VERSION} node/${process.versions.node}`);
  });

  it('ships LICENSE and CHANGELOG (with this version), and announces the version it says', () => {
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(files).toEqual(
      expect.arrayContaining(['package/LICENSE', 'package/CHANGELOG.md', 'package/README.md']),
    );
    const installed = join(project, 'node_modules/@storefront-platform/sdk');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.version).toBe(VERSION);
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(readFileSync(join(installed, 'CHANGELOG.md'), 'utf8')).toContain(`## ${VERSION}`);
    const { SDK_VERSION } = require(join(installed, 'dist/cjs/index.js'));
    expect(SDK_VERSION).toBe(VERSION);
  });

  it('has one class identity: errors from a require()d client are instanceof the import()ed classes, and back', async () => {
    writeFileSync(
      join(project, 'identity.mjs'),
      `import * as esm from '@storefront-platform/sdk';
import * as esmBrowser from '@storefront-platform/sdk/browser';
import { createRequire } from 'node:module';
const cjs = createRequire(import.meta.url)('@storefront-platform/sdk');
const refused = (sdk) =>
  new sdk.AppClient({ baseUrl: process.env.API, clientId: 'sfc_nope', clientSecret: 'sfs_nope', maxRetries: 0 })
    .store()
    .catch((e) => e);
const unauthenticated = (sdk) =>
  new sdk.StorefrontClient({ baseUrl: process.env.API, publicToken: 'sfp_nope', maxRetries: 0 })
    .store()
    .catch((e) => e);
const fromCjs = await refused(cjs);
const fromEsm = await refused(esm);
const gqlCjs = await unauthenticated(cjs);
console.log(JSON.stringify({
  twoCopies: esm.OAuthError !== cjs.OAuthError,
  cjsIsEsm: [fromCjs instanceof esm.OAuthError, fromCjs instanceof esm.StorefrontError, fromCjs instanceof esmBrowser.OAuthError],
  esmIsCjs: [fromEsm instanceof cjs.OAuthError, fromEsm instanceof cjs.StorefrontError],
  gql: [gqlCjs instanceof esm.GraphQLError, gqlCjs instanceof esm.StorefrontError, gqlCjs instanceof esm.ApiError],
  wrong: [fromCjs instanceof esm.GraphQLError, fromCjs instanceof esm.ApiError, new Error('x') instanceof esm.StorefrontError, null instanceof esm.StorefrontError],
  names: [fromCjs.name, gqlCjs.name],
  error: fromCjs.error,
}));
`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['identity.mjs'], {
      cwd: project,
      env: { ...process.env, API: t.baseUrl },
      encoding: 'utf8',
    });
    expect(JSON.parse(stdout.trim())).toEqual({
      twoCopies: true,
      cjsIsEsm: [true, true, true],
      esmIsCjs: [true, true],
      gql: [true, true, false],
      wrong: [false, false, false, false],
      names: ['OAuthError', 'GraphQLError'],
      error: 'invalid_client',
    });
  });

  it('error classes keep their name in a minified bundle', async () => {
    const source = readFileSync(
      join(project, 'node_modules/@storefront-platform/sdk/dist/cjs/errors.js'),
      'utf8',
    );
    // swc's minifier (the project's own compiler), renaming everything it may, as a bundler would.
    const { code } = await minify(source, {
      mangle: { toplevel: true, keep_classnames: false, keep_fnames: false },
      compress: { toplevel: true, keep_classnames: false, keep_fnames: false },
    });
    const file = join(project, 'errors.min.cjs');
    writeFileSync(file, code!);
    const min = require(file);
    // The minifier did rename the classes…
    expect(min.ApiError.name).not.toBe('ApiError');
    // …and every error still says what it is.
    expect(new min.ApiError(400, 'x', {}, null).name).toBe('ApiError');
    expect(new min.RateLimitError(429, 'x', {}, null, 1).name).toBe('RateLimitError');
    expect(new min.OAuthError(400, 'invalid_client', null, null).name).toBe('OAuthError');
    expect(new min.GraphQLError([], null, 400, null).name).toBe('GraphQLError');
    expect(new min.TimeoutError('x').name).toBe('TimeoutError');
    expect(new min.ConnectionError('x').name).toBe('ConnectionError');
    expect(new min.StorefrontError('x').name).toBe('StorefrontError');
    expect(String(new min.ApiError(404, 'store_not_found', { detail: 'No such store.' }, null))).toBe(
      'ApiError: No such store.',
    );
  });

  it('keeps AppClient out of the browser entry', () => {
    const browserEntry = join(ROOT, 'libs/sdk/dist/esm/browser.js');
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from\s+['"](\.\/[^'"]+)['"]/g)) {
        walk(join(ROOT, 'libs/sdk/dist/esm', spec));
      }
    };
    walk(browserEntry);
    expect([...seen].map((f) => f.split('/').pop())).not.toContain('app-client.js');
    expect([...seen].some((f) => readFileSync(f, 'utf8').includes('class AppClient'))).toBe(false);
  });

  describe('in a real browser, from another origin', () => {
    let browser: Browser;
    let publicToken: string;
    beforeAll(async () => {
      const owner = await t.signIn('browser-owner@example.com');
      const store = await t.post(
        '/v1/user/stores/onboarding/stage1',
        { name: 'Browser shop', description: 'Seen from a page' },
        { token: owner.access_token },
      );
      const app = await t.post(
        '/v1/user/stores/oauth/apps',
        { storeId: store.body.id, name: 'seeder' },
        { token: owner.access_token },
      );
      const token = await clientCredentialsToken(t, app.body);
      await t.post(
        '/v1/storefront/graphql',
        {
          query: `mutation { productCreate(input: { handle: "lamp", title: "Lamp", price: "20.00", currencyCode: "USD", inventory: 2 }) { id } }`,
        },
        { token },
      );
      publicToken = (
        await t.post(
          `/v1/user/stores/${store.body.id}/public-tokens`,
          { name: 'web' },
          { token: owner.access_token },
        )
      ).body.token;
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('reads the store and products with StorefrontClient, is refused a mutation, and cannot build an AppClient', async () => {
      const page = await browser.newPage();
      const clientInfo: (string | undefined)[] = [];
      const methods: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(t.baseUrl) && request.method() !== 'OPTIONS') {
          clientInfo.push(request.headers()['x-client-info']);
          methods.push(request.method());
        }
      });
      await page.goto(`${webOrigin}/`);
      const result = await page.evaluate(
        async ({ api, token }) => {
          // Built as a string so the test's own compiler leaves the browser's import() alone.
          const load = new Function('path', 'return import(path)') as (path: string) => Promise<any>;
          const sdk = await load('/sdk/browser.js');
          const client = new sdk.StorefrontClient({ baseUrl: api, publicToken: token });
          const store = await client.store();
          const products = await client.products.list({ first: 10 });
          let mutation = '';
          try {
            await client.graphql('mutation { productDelete(id: "00000000-0000-4000-8000-000000000000") }');
          } catch (error) {
            mutation = `${(error as { name: string }).name}:${(error as { codes: string[] }).codes.join(',')}`;
          }
          let appClient = '';
          try {
            const direct = await load('/sdk/app-client.js');
            new direct.AppClient({ baseUrl: api, clientId: 'sfc_x', clientSecret: 'sfs_x' });
            appClient = 'constructed';
          } catch (error) {
            appClient = (error as Error).message;
          }
          return {
            store: store.name,
            titles: products.edges.map((e: { node: { title: string } }) => e.node.title),
            mutation,
            appClient,
            hasAppClient: 'AppClient' in sdk,
          };
        },
        { api: t.baseUrl, token: publicToken },
      );
      expect(result.store).toBe('Browser shop');
      expect(result.titles).toEqual(['Lamp']);
      expect(result.mutation).toBe('GraphQLError:FORBIDDEN');
      expect(result.hasAppClient).toBe(false);
      expect(result.appClient).toMatch(/must not run in a browser/);
      // Every request said which SDK sent it, and the service's CORS let the header through.
      expect(clientInfo.length).toBeGreaterThanOrEqual(3);
      expect(clientInfo.every((value) => value === `storefront-sdk/${VERSION}`)).toBe(true);
      // (v1.3) Queries by GET (cacheable), the mutation by POST.
      expect(methods).toEqual(['GET', 'GET', 'POST']);
    });
  });
});
