import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, chromium } from 'playwright-core';
import { ensureConsoleBuilt } from './console-build';

/**
 * What every console spec needs to drive the console in a real browser: Debian's Chromium (never a
 * downloaded build), started with the flags this closed network needs, the console built, the screenshot
 * folder, and axe-core's source to inject into pages.
 */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
/** Full-page screenshots of every checked page (git-ignored), to be looked at. */
export const SHOTS = join(__dirname, '..', '..', '..', 'test', '.screenshots');
export const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The few DOM members the sideways-scroll checks read in the page (the test's lib has no DOM types). */
export interface Doc {
  documentElement: { scrollWidth: number; clientWidth: number };
  querySelectorAll(selector: string): ArrayLike<{
    tagName: string;
    className: string;
    closest(selector: string): unknown;
    getBoundingClientRect(): { right: number };
  }>;
}

/** Builds the console if needed, makes the screenshot folder, and launches Chromium (missing: fails, never skips). */
export async function launchConsoleBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not installed at ${CHROMIUM} (apt-get install -y chromium); this test does not skip.`,
    );
  ensureConsoleBuilt();
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30_000 });
}
