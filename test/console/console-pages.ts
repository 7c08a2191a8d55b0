import { otpFrom } from '@app/testing';
import { AXE, Doc, SHOTS, launchConsoleBrowser } from '@app/testing/console-browser';
import { TestApp } from '@app/testing/test-app';
import { join } from 'node:path';
import { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * What the console specs share: the browser and a page per context, the sign-in, and the axe-core and
 * sideways checks.
 */

/**
 * For the describe it is called in: Chromium launched (the console built) before the tests, every page's
 * context and the browser closed after. What it returns opens a page in a fresh context.
 */
export function withConsoleBrowser(): (width?: number) => Promise<Page> {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchConsoleBrowser();
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });
  return async (width = 1280) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    return context.newPage();
  };
}

/**
 * For the describe it is called in: the server under test started before the tests (its console at
 * `base`, the public URL) and closed after. Read `t` and `base` inside a test or a hook, not at the
 * describe's top level (they are set when the tests run).
 */
export function withConsoleServer(options?: Parameters<typeof TestApp.start>[0]): {
  readonly t: TestApp;
  readonly base: string;
} {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await TestApp.start(options);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t() {
      if (!t) throw new Error('withConsoleServer: the server has not started (read it inside a test)');
      return t;
    },
    get base() {
      return this.t.config.publicUrl;
    },
  };
}

/** withConsoleBrowser and withConsoleServer together, for a describe that needs both. */
export function withConsole(options?: Parameters<typeof TestApp.start>[0]): {
  newPage: ReturnType<typeof withConsoleBrowser>;
  server: ReturnType<typeof withConsoleServer>;
} {
  return { newPage: withConsoleBrowser(), server: withConsoleServer(options) };
}

/** Signs in through the console's e-mail form with the code from the mail catcher, up to "Your stores". */
export async function signInToConsole(page: Page, t: TestApp, email: string): Promise<void> {
  await page.goto(`${t.config.publicUrl}/console/`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const otp = otpFrom(await t.mail.waitFor(email));
  await page.getByRole('textbox', { name: 'Code' }).fill(otp);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Your stores' }).waitFor();
}

/** axe-core's violations of any impact on the page (axe already injected), one line each. */
export function axeViolations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const result = await (
      globalThis as unknown as {
        axe: {
          run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run();
    return result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}

/** Whether the page scrolls sideways, and what sticks out past the right edge, named for the failure. */
function overflow(page: Page): Promise<{ sideways: boolean; wide: string[] }> {
  return page.evaluate(() => {
    // The page's own document (this function runs in the browser; the test's lib has no DOM types).
    const { document } = globalThis as unknown as { document: Doc };
    const client = document.documentElement.clientWidth;
    const wide = Array.from(document.querySelectorAll('body *'))
      // (Visually hidden text — a phone's table header, screen-reader labels — is clipped to 1 px.)
      .filter((e) => !e.closest('thead, .visually-hidden'))
      .filter((e) => e.getBoundingClientRect().right > client + 0.5)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
    return { sideways: document.documentElement.scrollWidth > client, wide };
  });
}

export type View = readonly ['light' | 'dark', number];
/** The views most store pages are checked in: light, at a desktop's width and a phone's. */
export const LIGHT_VIEWS: readonly View[] = [
  ['light', 1280],
  ['light', 375],
];

/** The two widths every new page is checked at: a desktop and a phone, light scheme. */
export const DESKTOP_AND_PHONE: readonly View[] = [
  ['light', 1280],
  ['light', 375],
];

/**
 * A store page in each view (colour scheme, width): axe-core finds no violation of any impact, the page
 * has one h1, nothing scrolls sideways at 375 px; then a full-page screenshot
 * (`store-<name>-<width>[-dark].png`). Back to light at 1280 px after.
 */
export async function checkStorePage(page: Page, name: string, views: readonly View[]): Promise<void> {
  await page.evaluate(AXE);
  for (const [colorScheme, width] of views) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width, height: 900 });
    const violations = await axeViolations(page);
    expect({ page: name, width, colorScheme, violations }).toEqual({
      page: name,
      width,
      colorScheme,
      violations: [],
    });
    expect({ page: name, h1: await page.locator('h1').count() }).toEqual({ page: name, h1: 1 });
    const suffix = colorScheme === 'dark' ? '-dark' : '';
    await page.screenshot({ path: join(SHOTS, `store-${name}-${width}${suffix}.png`), fullPage: true });
    if (width === 375) {
      expect({ page: name, ...(await overflow(page)) }).toEqual({ page: name, sideways: false, wide: [] });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}
