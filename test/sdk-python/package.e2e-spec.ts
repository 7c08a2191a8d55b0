import { TestApp } from '@app/testing/test-app';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Writable } from 'node:stream';
import { expectSuccess, run, SDK_PYTHON, SYSTEM_PYTHON } from './python';

/**
 * The Python SDK as integrators get it: `pip install --no-build-isolation libs/sdk-python` into a fresh
 * virtual environment with no package index (`--no-index`: offline), `mypy --strict` on the package and on
 * code that uses the installed package (its `py.typed` at work), and the README's quick starts run as
 * written, with that environment's Python, against a running server.
 *
 * Needs Debian's /usr/bin/python3 with python3-venv, python3-wheel and python3-mypy (`.ci/run` installs
 * them; SYSTEM_PYTHON points elsewhere).
 */

const README = join(SDK_PYTHON, 'README.md');
const VERSION = /__version__ = "([^"]+)"/.exec(
  readFileSync(join(SDK_PYTHON, 'src/storefront_platform/_version.py'), 'utf8'),
)![1];

/** The ```python blocks under the README's "Quick start" headings, by heading. */
function quickStarts(): { title: string; code: string }[] {
  const blocks: { title: string; code: string }[] = [];
  let heading = '';
  const lines = readFileSync(README, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('## ')) heading = lines[i].slice(3);
    if (lines[i] === '```python' && heading.startsWith('Quick start')) {
      const end = lines.indexOf('```', i + 1);
      blocks.push({ title: heading, code: lines.slice(i + 1, end).join('\n') + '\n' });
      i = end;
    }
  }
  return blocks;
}

describe('Python SDK package', () => {
  let dir: string;
  let venvPython: string;

  beforeAll(async () => {
    const probe = await run(SYSTEM_PYTHON, ['-c', 'import ensurepip, venv, wheel, setuptools, mypy']);
    if (probe.code !== 0)
      throw new Error(
        `${SYSTEM_PYTHON} lacks what packaging needs: apt-get install -y python3-venv python3-wheel python3-mypy\n${probe.output}`,
      );
    dir = mkdtempSync(join(tmpdir(), 'sf-python-package-'));
    // pip builds in the source directory (build/, *.egg-info): build from a copy, so the checkout stays clean.
    const source = join(dir, 'sdk-python');
    cpSync(SDK_PYTHON, source, {
      recursive: true,
      filter: (path) =>
        !['__pycache__', 'build', '.mypy_cache'].includes(basename(path)) && !path.endsWith('.egg-info'),
    });
    const venv = join(dir, 'venv');
    expectSuccess(
      await run(SYSTEM_PYTHON, ['-m', 'venv', '--system-site-packages', venv]),
      'python3 -m venv',
    );
    venvPython = join(venv, 'bin/python');
    expectSuccess(
      await run(
        venvPython,
        [
          '-m',
          'pip',
          'install',
          '--no-build-isolation',
          '--no-index',
          '--no-cache-dir',
          '--disable-pip-version-check',
          source,
        ],
        { cwd: dir, timeoutMs: 180_000 },
      ),
      'pip install --no-build-isolation --no-index libs/sdk-python',
    );
  }, 240_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('installs offline, with no dependency, its version and py.typed', async () => {
    const shown = expectSuccess(
      await run(venvPython, ['-m', 'pip', 'show', '--files', 'storefront-platform'], { cwd: dir }),
      'pip show',
    ).stdout;
    expect(shown).toMatch(new RegExp(`^Version: ${VERSION.replace(/\./g, '\\.')}$`, 'm'));
    expect(shown).toMatch(/^Requires: *$/m);
    expect(shown).toMatch(/^License: MIT$/m);
    expect(shown).toMatch(/storefront_platform\/py\.typed/);
    // Imported from the environment, not from the checkout.
    const where = expectSuccess(
      await run(
        venvPython,
        ['-c', 'import storefront_platform as s; print(s.__version__); print(s.__file__)'],
        {
          cwd: dir,
        },
      ),
      'import',
    ).stdout.split('\n');
    expect(where[0]).toBe(VERSION);
    expect(where[1].startsWith(join(dir, 'venv'))).toBe(true);
  });

  it('mypy --strict accepts the package (for Python 3.10 and up) and the README quick starts using the installed package', async () => {
    const cache = join(dir, 'mypy-cache');
    expectSuccess(
      await run(
        SYSTEM_PYTHON,
        [
          '-m',
          'mypy',
          '--strict',
          '--python-version',
          '3.10',
          '--cache-dir',
          cache,
          'src/storefront_platform',
        ],
        { cwd: SDK_PYTHON, timeoutMs: 180_000 },
      ),
      'mypy --strict src',
    );
    const files = quickStarts().map((block, i) => {
      const file = join(dir, `quickstart_${i}.py`);
      writeFileSync(file, block.code);
      return file;
    });
    expect(files.length).toBeGreaterThanOrEqual(4);
    // Run from the environment, so mypy finds the installed package through its py.typed (PEP 561).
    expectSuccess(
      await run(venvPython, ['-m', 'mypy', '--strict', '--cache-dir', cache, ...files], {
        cwd: dir,
        timeoutMs: 180_000,
      }),
      'mypy --strict on the README quick starts',
    );
  }, 400_000);

  describe('the README quick starts, as written', () => {
    let t: TestApp;
    let token: string;
    let storeId: string;
    const env: Record<string, string> = {};
    beforeAll(async () => {
      t = await TestApp.start();
      ({ access_token: token } = await t.signIn('python-readme@example.com'));
      const store = await t.post(
        '/v1/user/stores/onboarding/stage1',
        { name: 'Readme shop', description: 'Mugs' },
        { token },
      );
      storeId = store.body.id;
      const app = await t.post('/v1/user/stores/oauth/apps', { storeId, name: 'Readme' }, { token });
      const pub = await t.post(`/v1/user/stores/${storeId}/public-tokens`, { name: 'Web' }, { token });
      const cart = await t.post(
        `/v1/user/stores/${storeId}/public-tokens`,
        { name: 'Shop', scopes: ['store:read', 'products:read', 'cart:write'] },
        { token },
      );
      expect(cart.status).toBe(201);
      const installable = await t.post(
        '/v1/user/apps',
        {
          name: 'Readme installed',
          redirectUris: ['http://127.0.0.1/readme/callback'],
          scopes: ['store:read', 'products:read'],
        },
        { token },
      );
      expect(installable.status).toBe(201);
      Object.assign(env, {
        STOREFRONT_URL: t.baseUrl,
        STOREFRONT_CLIENT_ID: app.body.clientId,
        STOREFRONT_CLIENT_SECRET: app.body.clientSecret,
        STOREFRONT_PUBLIC_TOKEN: pub.body.token,
        STOREFRONT_CART_TOKEN: cart.body.token,
        STOREFRONT_APP_CLIENT_ID: installable.body.clientId,
        STOREFRONT_APP_CLIENT_SECRET: installable.body.clientSecret,
        STOREFRONT_APP_REDIRECT_URI: 'http://127.0.0.1/readme/callback',
      });
    });
    afterAll(() => t?.close());

    /**
     * The merchant's part of an installation, as a browser and the console do it: follow the authorize
     * request to the consent page, choose Install for the store, and answer where the browser goes next.
     */
    async function consent(authorizeUrl: string): Promise<string> {
      const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
      if (authorize.status !== 302)
        throw new Error(`authorize: ${authorize.status} ${await authorize.text()}`);
      const page = new URL(authorize.headers.get('location')!, authorizeUrl).searchParams;
      // The page shows the consent view; Install posts exactly the scopes it showed.
      const shownFor = new URLSearchParams();
      for (const name of ['client_id', 'redirect_uri', 'scope'])
        if (page.has(name)) shownFor.set(name, page.get(name)!);
      const shown = await t.get(`/v1/user/oauth/consent?${shownFor.toString()}`, { token });
      if (shown.status !== 200) throw new Error(`consent view: ${shown.status} ${shown.text}`);
      const answer = await t.post(
        '/v1/user/oauth/consent',
        {
          clientId: page.get('client_id'),
          redirectUri: page.get('redirect_uri'),
          scope: (shown.body.scopes as { scope: string }[]).map((s) => s.scope).join(' '),
          state: page.get('state'),
          codeChallenge: page.get('code_challenge'),
          codeChallengeMethod: page.get('code_challenge_method'),
          storeId,
          decision: 'allow',
        },
        { token },
      );
      if (answer.status !== 200) throw new Error(`consent: ${answer.status} ${answer.text}`);
      return answer.body.redirectTo as string;
    }

    it('each runs to its end against the server, in order', async () => {
      const outputs: string[] = [];
      const problems: unknown[] = [];
      for (const [i, block] of quickStarts().entries()) {
        const file = join(dir, `run_${i}.py`);
        writeFileSync(file, block.code);
        let asked = false;
        // The installed-app quick start prints the consent page's address and asks where the browser
        // was sent back to: the merchant's part is done here, and its answer typed in.
        const interact = (stdout: string, stdin: Writable) => {
          const open = /^Open: (\S+)$/m.exec(stdout);
          if (!open || asked) return;
          asked = true;
          consent(open[1]).then(
            (back) => stdin.end(`${back}\n`),
            (error: unknown) => {
              problems.push(error);
              stdin.end('\n');
            },
          );
        };
        const result = await run(venvPython, [file], { cwd: dir, env, interact });
        expect(problems).toEqual([]);
        outputs.push(expectSuccess(result, block.title).stdout);
      }
      // What they printed comes from the server: the store, the order, the pages, the product.
      expect(outputs[0]).toMatch(/^Connected to Readme shop$/m);
      expect(outputs[0]).toMatch(/^Order [0-9a-f-]{36} for 19\.00 EUR$/m);
      expect(outputs[0]).toMatch(/^mug 36$/m);
      expect(outputs[0]).toMatch(/@example\.com 1 lines$/m);
      expect(outputs[0]).toMatch(/^Mug$/m);
      expect(outputs[0]).toMatch(/^Order fulfilled$/m);
      expect(outputs[1]).toMatch(/^Readme shop\nMug 9\.50\nMug in stock: 36$/m);
      // The cart: one line of 2, checked out at the total the shopper saw.
      expect(outputs[2]).toMatch(/^2 items for 19\.00 EUR$/m);
      expect(outputs[2]).toMatch(/^Order [0-9a-f-]{36} open from checkout for 19\.00$/m);
      // The installation: exchanged, then a later client that rotated (and saved) its refresh token.
      // (after the prompt `Redirected to: `, on the same line)
      expect(outputs[3]).toMatch(new RegExp(`Installed in Readme shop - store ${storeId}$`, 'm'));
      expect(outputs[3]).toMatch(/^Mug$/m);
      expect(outputs[3]).toMatch(/^Saved the rotated refresh token: True$/m);
      expect(existsSync(join(dir, 'venv'))).toBe(true);
    });
  });
});
