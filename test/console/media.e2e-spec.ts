import { createStore, image } from '@app/testing';
import { SHOTS } from '@app/testing/console-browser';
import { TestApp } from '@app/testing/test-app';
import { join } from 'node:path';
import { checkStorePage, signInToConsole, withConsoleBrowser, View } from './console-pages';

/**
 * Uploading images in the console (contract §10, §17) in a real browser against the real server on the
 * disk backend: the Settings page's **Favicon**, **Black and white logo** and **Coloured logo** file inputs
 * with their previews (a refused file says why; "Save changes" sends the media ids), and the product form's
 * **Images**: **Add images** (several files, progress shown, a refused one named), a preview, **Alt text**,
 * **Move up** and **Remove** for each. axe-core clean, one h1, no sideways scroll at 375 px; screenshots
 * `store-settings-images-*.png` and `store-product-images-*.png` in test/.screenshots/.
 */
const VIEWS: View[] = [
  ['light', 1280],
  ['light', 375],
];
const OWNER = 'console-media@example.com';

describe('console: branding and product images', () => {
  const newPage = withConsoleBrowser();
  let t: TestApp;
  let base: string;
  let owner: string;
  let storeId: string;
  let productId: string;

  beforeAll(async () => {
    t = await TestApp.start();
    base = t.config.publicUrl;
    owner = (await t.signIn(OWNER)).access_token;
    storeId = await createStore(t, owner, 'Picture Shop', 'Prints');
    const made = await t.post(
      `/v1/user/stores/${storeId}/products`,
      { handle: 'poster', title: 'Poster', price: '12.00', currencyCode: 'INR', inventory: 3 },
      { token: owner },
    );
    productId = made.body.id;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const png = async (name: string, width = 240, height = 160) => ({
    name,
    mimeType: 'image/png',
    buffer: await image(width, height),
  });
  const svg = {
    name: 'drawing.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  };

  it('uploads the favicon and a logo on Settings, refuses an SVG with a reason, and saves them as media', async () => {
    const page = await newPage();
    await signInToConsole(page, t, OWNER);
    await page.goto(`${base}/console/stores/${storeId}/settings`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();

    await page.getByLabel('Favicon', { exact: true }).setInputFiles(await png('icon.png', 64, 64));
    await page.getByRole('img', { name: 'Favicon preview' }).waitFor();
    await page.getByLabel('Black and white logo', { exact: true }).setInputFiles(svg);
    await page.getByText('“drawing.svg” is not a PNG, JPEG, WebP, GIF or AVIF image.').waitFor();
    await page.getByLabel('Coloured logo', { exact: true }).setInputFiles(await png('logo.png'));
    await page.getByRole('img', { name: 'Coloured logo preview' }).waitFor();
    await checkStorePage(page, 'settings-images', VIEWS);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    const store = (await t.get(`/v1/user/stores/${storeId}`, { token: owner })).body;
    expect(store.faviconMediaId).toEqual(expect.any(String));
    expect(store.logoColorMediaId).toEqual(expect.any(String));
    expect(store.logoBlackWhiteMediaId).toBeNull();
    expect(store.faviconUrl).toMatch(/\/180\.png$/);
    expect((await fetch(store.logoColorUrl)).status).toBe(200);
    // The saved URL is in its textbox, and its preview stays.
    await expect(page.getByRole('textbox', { name: 'Favicon URL' }).inputValue()).resolves.toBe(
      store.faviconUrl,
    );
    await page.getByRole('img', { name: 'Favicon preview' }).waitFor();
  });

  it('adds images to a product with progress, names a refused file, edits alt text, moves up and removes', async () => {
    const page = await newPage();
    await signInToConsole(page, t, OWNER);
    await page.goto(`${base}/console/stores/${storeId}/products`);
    await page.getByRole('button', { name: 'Edit Poster' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('group', { name: 'Images' }).waitFor();
    await dialog.getByText('No images yet.').waitFor();

    await dialog
      .getByLabel('Add images')
      .setInputFiles([await png('front.png', 300, 200), svg, await png('back.png', 120, 240)]);
    await dialog.getByText('Added 2 images.').waitFor();
    await dialog.getByText(/“drawing\.svg” is not a PNG/).waitFor();
    const items = dialog.getByRole('listitem');
    expect(await items.count()).toBe(2);
    expect(await dialog.getByRole('img').count()).toBe(2);
    const images = async () =>
      (await t.get(`/v1/user/stores/${storeId}/products/${productId}`, { token: owner })).body.images as {
        id: string;
        altText: string | null;
        width: number;
      }[];
    const [front, back] = await images();
    expect([front.width, back.width]).toEqual([300, 120]);

    const alt = items.nth(1).getByRole('textbox', { name: 'Alt text' });
    await alt.fill('The back of the poster');
    await alt.blur();
    await dialog.getByText('Alt text saved.').waitFor();
    expect((await images())[1].altText).toBe('The back of the poster');
    await dialog.getByRole('img', { name: 'Preview: The back of the poster' }).waitFor();

    expect(await items.nth(0).getByRole('button', { name: 'Move up' }).isDisabled()).toBe(true);
    await items.nth(1).getByRole('button', { name: 'Move up' }).click();
    await dialog.getByText('Moved image 2 up.').waitFor();
    expect((await images()).map((i) => i.id)).toEqual([back.id, front.id]);
    // The screenshots show the images, not the top of the form.
    await items.nth(0).scrollIntoViewIfNeeded();
    await checkStorePage(page, 'product-images', VIEWS);
    // On a phone the rows stack: preview, Alt text, then the buttons (store-product-images-list-375.png).
    await page.setViewportSize({ width: 375, height: 900 });
    await items.nth(1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'store-product-images-list-375.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    await items.nth(1).getByRole('button', { name: 'Remove' }).click();
    await dialog.getByText('Removed image 2.').waitFor();
    expect((await images()).map((i) => i.id)).toEqual([back.id]);
    expect(await items.count()).toBe(1);
  });
});
