/**
 * "Chrome on macOS" from a User-Agent header: the sessions page names devices the way people know them.
 * Deliberately small (the browsers and systems people sign in from); anything else is "Unknown browser"
 * or "unknown system", and the raw string stays available as the cell's title.
 */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent || !userAgent.trim()) return 'Unknown device';
  const ua = userAgent;
  // Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", and so on.
  const browser = /\bEdg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /\b(OPR|Opera)\//.test(ua)
      ? 'Opera'
      : /\bSamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /\b(Firefox|FxiOS)\//.test(ua)
          ? 'Firefox'
          : /\b(HeadlessChrome)\//.test(ua)
            ? 'Headless Chrome'
            : /\b(Chrome|CriOS|Chromium)\//.test(ua)
              ? 'Chrome'
              : /\bVersion\/[\d.]+.*\bSafari\//.test(ua)
                ? 'Safari'
                : /^curl\//.test(ua)
                  ? 'curl'
                  : /^node|undici|node-fetch/i.test(ua)
                    ? 'Node.js'
                    : /^storefront-sdk\//i.test(ua)
                      ? 'Storefront SDK'
                      : null;
  const system = /\b(iPhone|iPad|iPod)\b/.test(ua)
    ? /iPad/.test(ua)
      ? 'iPadOS'
      : 'iOS'
    : /\bAndroid\b/.test(ua)
      ? 'Android'
      : /\bCrOS\b/.test(ua)
        ? 'ChromeOS'
        : /\bMac OS X\b|\bMacintosh\b/.test(ua)
          ? 'macOS'
          : /\bWindows\b/.test(ua)
            ? 'Windows'
            : /\bLinux\b/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Unknown browser on ${system}`;
  return 'Unknown device';
}
