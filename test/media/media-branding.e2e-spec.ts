import { createStore, image, STAGE2, uploadMedia } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * Branding from uploaded media (§17): stage 2 and PUT take `faviconMediaId`, `logoBlackWhiteMediaId` and
 * `logoColorMediaId` in place of the URLs; the store shows the `180` and `medium` renditions and the ids.
 */
describe('store branding from uploaded media', () => {
  let t: TestApp;
  let owner: string;
  let storeId: string;
  const media = {} as Record<
    'favicon' | 'logo' | 'logo2' | 'product',
    { id: string; renditions: Record<string, string> }
  >;
  const stage2 = (body: Record<string, unknown>, id = storeId) =>
    t.post(`/v1/user/stores/${id}/onboarding/stage2`, body, { token: owner });
  const fields = (res: { body: { errors?: { field: string }[] } }) => res.body.errors?.map((e) => e.field);

  beforeAll(async () => {
    t = await TestApp.start();
    owner = (await t.signIn('branding@example.com')).access_token;
    storeId = await createStore(t, owner, 'Branded Shop');
    const up = async (purpose: string) =>
      (await uploadMedia(t, owner, storeId, await image(300, 300), { purpose, contentType: 'image/png' }))
        .body;
    media.favicon = await up('favicon');
    media.logo = await up('logo');
    media.logo2 = await up('logo');
    media.product = await up('product_image');
  });
  afterAll(() => t?.close());

  it('stage 2 takes media ids: the store shows the 180 and medium renditions and the ids', async () => {
    const res = await stage2({
      faviconMediaId: media.favicon.id,
      logoBlackWhiteMediaId: media.logo.id,
      logoColorUrl: STAGE2.logoColorUrl,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      faviconUrl: media.favicon.renditions['180'],
      faviconMediaId: media.favicon.id,
      logoBlackWhiteUrl: media.logo.renditions.medium,
      logoBlackWhiteMediaId: media.logo.id,
      logoColorUrl: STAGE2.logoColorUrl,
      logoColorMediaId: null,
    });
    expect(res.body.onboarding.completedStages).toEqual([1, 2]);
    expect((await fetch(res.body.faviconUrl)).status).toBe(200);
  });

  it('refuses the wrong purpose, another store’s media, both ways at once, and neither', async () => {
    const wrong = await stage2({ ...STAGE2, faviconUrl: undefined, faviconMediaId: media.logo.id });
    expect(wrong.status).toBe(400);
    expect(fields(wrong)).toEqual(['faviconMediaId']);

    const other = await createStore(t, owner, 'Other Branded');
    const foreign = await stage2(
      { ...STAGE2, logoColorUrl: undefined, logoColorMediaId: media.logo.id },
      other,
    );
    expect(foreign.status).toBe(400);
    expect(fields(foreign)).toEqual(['logoColorMediaId']);

    const both = await stage2({ ...STAGE2, faviconMediaId: media.favicon.id });
    expect(fields(both)).toEqual(['faviconMediaId']);
    const neither = await stage2({
      logoBlackWhiteUrl: STAGE2.logoBlackWhiteUrl,
      logoColorUrl: STAGE2.logoColorUrl,
    });
    expect(neither.status).toBe(400);
    expect(fields(neither)).toEqual(['faviconUrl']);
    const malformed = await stage2({ ...STAGE2, faviconUrl: undefined, faviconMediaId: 'nope' });
    expect(fields(malformed)).toEqual(['faviconMediaId']);
  });

  it('PUT switches between a media and a URL, and a deleted media leaves the store without its id and URL', async () => {
    const put = (body: Record<string, unknown>) =>
      t.put(`/v1/user/stores/${storeId}`, body, { token: owner });
    const toMedia = await put({ logoColorMediaId: media.logo2.id });
    expect(toMedia.status).toBe(200);
    expect(toMedia.body).toMatchObject({
      logoColorMediaId: media.logo2.id,
      logoColorUrl: media.logo2.renditions.medium,
    });
    const toUrl = await put({ logoBlackWhiteUrl: 'https://cdn.example.com/bw.png' });
    expect(toUrl.body).toMatchObject({
      logoBlackWhiteMediaId: null,
      logoBlackWhiteUrl: 'https://cdn.example.com/bw.png',
    });
    expect((await put({ faviconMediaId: media.product.id })).status).toBe(400);

    expect(
      (await t.delete(`/v1/user/stores/${storeId}/media/${media.logo2.id}`, { token: owner })).status,
    ).toBe(204);
    const after = await t.get(`/v1/user/stores/${storeId}`, { token: owner });
    expect(after.body.logoColorMediaId).toBeNull();
    expect(after.body.logoColorUrl).toBeNull();
  });
});
