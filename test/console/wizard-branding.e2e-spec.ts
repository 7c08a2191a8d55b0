import { image } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { checkStorePage, DESKTOP_AND_PHONE, signInToConsole, withConsoleBrowser } from './console-pages';

/**
 * Onboarding with uploaded logos (contract §10, §17) in Chromium against the real server on the disk
 * backend: a new account signs in, creates a store, and in the wizard's step 2 (Branding) chooses the
 * **Favicon**, **Black and white logo** and **Coloured logo** files (real PNG bytes made with sharp) — the
 * same component as Settings: a refused SVG says why, a missing image is refused at its URL field, the
 * uploads and their previews survive a reload — then steps 3 and 4 and **Complete setup**: the store is
 * active and its faviconUrl and logo URLs are /media/… renditions that answer 200. Going back to step 2
 * after saving keeps the uploaded images. axe-core clean, one h1, no sideways scroll at 375 px; screenshots
 * `store-wizard-stage2-uploads-1280.png` and `-375.png` in test/.screenshots/.
 */
const EMAIL = 'wizard-logos@example.com';

describe('console: onboarding with uploaded logos', () => {
  const newPage = withConsoleBrowser();
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const png = async (name: string, width: number, height: number) => ({
    name,
    mimeType: 'image/png',
    buffer: await image(width, height),
  });

  it('uploads the three images in step 2, completes setup, and the store shows them as media', async () => {
    const page = await newPage();
    await signInToConsole(page, t, EMAIL);
    await page.getByRole('button', { name: 'New store' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Logo Shop');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Favicon URL' }).waitFor();
    const storeId = /stores\/([^/]+)\/setup/.exec(page.url())![1];
    const favicon = page.getByRole('textbox', { name: 'Favicon URL' });
    expect(await favicon.getAttribute('aria-required')).toBe('true');

    // A refused file says why at its input, and nothing is uploaded.
    await page.getByLabel('Black and white logo', { exact: true }).setInputFiles({
      name: 'drawing.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await page.getByText('“drawing.svg” is not a PNG, JPEG, WebP, GIF or AVIF image.').waitFor();

    // Two images uploaded: the third, given neither way, is refused at its URL field.
    await page.getByLabel('Favicon', { exact: true }).setInputFiles(await png('icon.png', 64, 64));
    await page.getByRole('img', { name: 'Favicon preview' }).waitFor();
    // An uploaded image's URL field is no longer required.
    expect(await favicon.getAttribute('aria-required')).toBeNull();
    await page.getByLabel('Coloured logo', { exact: true }).setInputFiles(await png('colour.png', 320, 160));
    await page.getByRole('img', { name: 'Coloured logo preview' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    const bw = page.getByRole('textbox', { name: 'Black and white logo URL' });
    await page.getByText('Black and white logo URL is required.').waitFor();
    expect(await bw.getAttribute('aria-invalid')).toBe('true');
    expect(
      (await t.get(`/v1/user/stores/${storeId}`, { token: (await t.signIn(EMAIL)).access_token })).body,
    ).toMatchObject({ faviconMediaId: null, onboarding: { completedStages: [1] } });

    await page
      .getByLabel('Black and white logo', { exact: true })
      .setInputFiles(await png('mono.png', 240, 120));
    await page.getByRole('img', { name: 'Black and white logo preview' }).waitFor();
    expect(await page.getByText('Uploaded: saved with “Continue”.').count()).toBe(3);

    // A reload keeps the uploads (ids and previews, in this tab's sessionStorage).
    await page.reload();
    for (const name of ['Favicon preview', 'Black and white logo preview', 'Coloured logo preview'])
      await page.getByRole('img', { name }).waitFor();
    expect(await page.getByText('Uploaded: saved with “Continue”.').count()).toBe(3);
    await checkStorePage(page, 'wizard-stage2-uploads', DESKTOP_AND_PHONE);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('textbox', { name: 'Mobile' }).fill('+14155552671');
    await page.getByRole('textbox', { name: 'Support email' }).fill('help@logo.example');
    await page.getByRole('textbox', { name: 'Address line 1' }).fill('1 Market Street');
    await page.getByRole('textbox', { name: 'City' }).fill('San Francisco');
    await page.getByRole('textbox', { name: 'State' }).fill('California');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('94105');
    await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United States' });
    await page.getByRole('textbox', { name: 'Region' }).fill('West coast');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back to step 2: the saved images show in their fields (the server's /media/ addresses, which a
    // client may not send as URLs) and Continue keeps them.
    await page.getByRole('textbox', { name: 'Social links' }).waitFor();
    await page
      .getByRole('list', { name: 'Setup steps' })
      .getByRole('button', { name: /Branding/ })
      .click();
    expect(await favicon.inputValue()).toMatch(/\/media\/.+\/180\.png$/);
    await page.getByRole('img', { name: 'Coloured logo preview' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Mobile' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Social links' }).fill('https://instagram.com/logoshop');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('All four steps are filled in.').waitFor();
    await page.getByRole('button', { name: 'Complete setup' }).click();
    await page.getByRole('heading', { name: 'Logo Shop is live' }).waitFor();

    const { access_token: token } = await t.signIn(EMAIL);
    const store = (await t.get(`/v1/user/stores/${storeId}`, { token })).body;
    expect(store).toMatchObject({
      status: 'active',
      faviconMediaId: expect.any(String),
      logoBlackWhiteMediaId: expect.any(String),
      logoColorMediaId: expect.any(String),
    });
    expect(new Set([store.faviconMediaId, store.logoBlackWhiteMediaId, store.logoColorMediaId]).size).toBe(3);
    expect(store.faviconUrl).toMatch(/\/media\/.+\/180\.png$/);
    for (const url of [store.faviconUrl, store.logoBlackWhiteUrl, store.logoColorUrl]) {
      expect(url).toMatch(/\/media\/.+\/medium\.\w+$|\/180\.png$/);
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\//);
    }
    // The drafts and the kept uploads are gone once saved.
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { sessionStorage: { length: number } }).sessionStorage.length,
      ),
    ).toBe(0);
  }, 240_000);

  it('says at the file input when a kept upload is no image of this store, and a new file fixes it', async () => {
    const { access_token: token } = await t.signIn(EMAIL);
    const made = await t.post('/v1/user/stores/onboarding/stage1', { name: 'Kept Shop' }, { token });
    const storeId = made.body.id as string;
    const page = await newPage();
    await signInToConsole(page, t, EMAIL);
    // An upload kept in this tab whose media is not (or no longer) the store's: an unknown id.
    await page.evaluate(
      ([key, value]) =>
        (
          globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
        ).sessionStorage.setItem(key, value),
      [
        `console.draft.${storeId}.2.uploads`,
        JSON.stringify({ faviconUrl: { id: '00000000-0000-4000-8000-000000000000', preview: '' } }),
      ],
    );
    await page.goto(`${t.config.publicUrl}/console/stores/${storeId}/setup?stage=2`);
    await page.getByText('Uploaded: saved with “Continue”.').waitFor();
    await page
      .getByRole('textbox', { name: 'Black and white logo URL' })
      .fill('https://cdn.example.com/bw.png');
    await page.getByRole('textbox', { name: 'Colour logo URL' }).fill('https://cdn.example.com/c.png');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Favicon was not found among this store’s images: choose the file again.').waitFor();
    const file = page.getByLabel('Favicon', { exact: true });
    expect(await file.getAttribute('aria-invalid')).toBe('true');
    expect((await t.get(`/v1/user/stores/${storeId}`, { token })).body.onboarding.completedStages).toEqual([
      1,
    ]);

    await file.setInputFiles(await png('icon.png', 48, 48));
    await page.getByRole('img', { name: 'Favicon preview' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Mobile' }).waitFor();
    const store = (await t.get(`/v1/user/stores/${storeId}`, { token })).body;
    expect(store).toMatchObject({
      faviconMediaId: expect.any(String),
      logoColorUrl: 'https://cdn.example.com/c.png',
      logoColorMediaId: null,
      onboarding: { completedStages: [1, 2] },
    });
    expect(store.faviconMediaId).not.toBe('00000000-0000-4000-8000-000000000000');
  }, 240_000);
});
