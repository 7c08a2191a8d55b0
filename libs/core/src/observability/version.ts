import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let cached: string | undefined;

/**
 * The service version (package.json `version`) that every log line and every span carries. Found by
 * walking up from this file, so it is the same from the sources (ts-node, jest) and from dist/.
 */
export function serviceVersion(): string {
  if (cached !== undefined) return cached;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'storefront-platform' && pkg.version) return (cached = pkg.version);
    }
    if (dirname(dir) === dir) return (cached = process.env.npm_package_version ?? 'unknown');
  }
}
