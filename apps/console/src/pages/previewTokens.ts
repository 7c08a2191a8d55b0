// Public tokens the user created in this tab, kept for the catalogue preview (they are tokens
// meant for web pages; sessionStorage forgets them when the tab closes).
const KEY = 'storefront.console.preview';

function all(): Record<string, string> {
  try {
    return JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

export function rememberPreviewToken(storeId: string, token: string): void {
  window.sessionStorage.setItem(KEY, JSON.stringify({ ...all(), [storeId]: token }));
}

export function previewToken(storeId: string): string | null {
  return all()[storeId] ?? null;
}
