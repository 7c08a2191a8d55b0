import {
  addMember,
  createStore,
  GRAPHQL,
  gqlError,
  image,
  postUploadForm,
  rawRequest,
  recordSql,
  StorefrontClient,
  uploadMedia,
} from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * Product images (§17): members over REST and apps over GraphQL add, move, retitle and remove a product's
 * images — media of the store with purpose product_image, at most 20, in positions from 0 — and every
 * reader sees them: REST products, events, Storefront GraphQL (batched, priced as a list), and ETags that
 * never answer 304 across a change.
 */
describe('product images', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let owner: string;
  let storeId: string;
  let appToken: string;
  let pub: string;
  const PNG = { purpose: 'product_image', contentType: 'image/png' };

  const base = (store = storeId) => `/v1/user/stores/${store}/products`;
  const newProduct = async (handle: string, token = owner, store = storeId) => {
    const res = await t.post(
      base(store),
      { handle, title: `Product ${handle}`, price: '10.00', currencyCode: 'INR', inventory: 5 },
      { token },
    );
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const newMedia = async (purpose = 'product_image', store = storeId, width = 800, height = 600) => {
    const res = await uploadMedia(t, owner, store, await image(width, height), { ...PNG, purpose });
    expect(res.status).toBe(201);
    return res.body as { id: string; url: string; renditions: Record<string, string> };
  };
  const add = (productId: string, body: Record<string, unknown>, token = owner, store = storeId) =>
    t.post(`${base(store)}/${productId}/images`, body, { token });
  const put = (productId: string, imageId: string, body: Record<string, unknown>) =>
    t.put(`${base()}/${productId}/images/${imageId}`, body, { token: owner });
  const remove = (productId: string, imageId: string) =>
    t.delete(`${base()}/${productId}/images/${imageId}`, { token: owner });
  const images = async (productId: string) =>
    (await t.get(`${base()}/${productId}`, { token: owner })).body.images as {
      id: string;
      url: string;
      altText: string | null;
      width: number;
      height: number;
    }[];

  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    owner = await sf.account('images-owner@example.com');
    storeId = await createStore(t, owner, 'Image Shop');
    appToken = await sf.appTokenFor(owner, storeId);
    pub = (await sf.publicToken(owner, storeId)).token;
  });
  afterAll(() => t?.close());

  it('adds images in order: REST answers 201 with the product, and GET, the list and the event show them', async () => {
    const productId = await newProduct('mug');
    const first = await newMedia('product_image', storeId, 800, 600);
    const second = await newMedia('product_image', storeId, 300, 900);
    const added = await add(productId, { mediaId: first.id, altText: 'A red mug' });
    expect(added.status).toBe(201);
    expect(added.body.id).toBe(productId);
    expect(added.body.images).toEqual([
      { id: expect.any(String), url: first.renditions.medium, altText: 'A red mug', width: 800, height: 600 },
    ]);
    const again = await add(productId, { mediaId: second.id });
    expect(again.body.images.map((i: { url: string }) => i.url)).toEqual([
      first.renditions.medium,
      second.renditions.medium,
    ]);
    expect(again.body.images[1]).toMatchObject({ altText: null, width: 300, height: 900 });
    expect(await images(productId)).toEqual(again.body.images);
    const list = await t.get(`${base()}?query=mug`, { token: owner });
    expect(list.body.data[0].images).toEqual(again.body.images);
    // The renditions answer (the URL is served).
    expect((await fetch(again.body.images[0].url)).status).toBe(200);

    const events = await t.get(`/v1/user/stores/${storeId}/events?type=product.updated`, { token: owner });
    const latest = events.body.data.find((e: { data: { id: string } }) => e.data.id === productId);
    expect(latest.data.images).toEqual(again.body.images);
    const created = await t.get(`/v1/user/stores/${storeId}/events?type=product.created`, { token: owner });
    expect(created.body.data[0].data.images).toEqual([]);
  });

  it('moves, retitles and removes images; positions stay 0 … n − 1 and every change is an event', async () => {
    const productId = await newProduct('vase');
    const media = [await newMedia(), await newMedia(), await newMedia()];
    for (const m of media) expect((await add(productId, { mediaId: m.id })).status).toBe(201);
    const [a, b, c] = (await images(productId)).map((i) => i.id);

    const moved = await put(productId, c, { position: 0 });
    expect(moved.status).toBe(200);
    expect(moved.body.images.map((i: { id: string }) => i.id)).toEqual([c, a, b]);
    const back = await put(productId, c, { position: 2, altText: 'Side view' });
    expect(back.body.images.map((i: { id: string }) => i.id)).toEqual([a, b, c]);
    expect(back.body.images[2].altText).toBe('Side view');
    const cleared = await put(productId, c, { altText: null });
    expect(cleared.body.images[2].altText).toBeNull();

    const removed = await remove(productId, a);
    expect(removed.status).toBe(200);
    expect(removed.body.images.map((i: { id: string }) => i.id)).toEqual([b, c]);
    // Positions were closed up: the last place is 1 now.
    expect((await put(productId, b, { position: 1 })).body.images.map((i: { id: string }) => i.id)).toEqual([
      c,
      b,
    ]);
    const outOfRange = await put(productId, b, { position: 2 });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body).toMatchObject({ code: 'validation_failed', reason: 'position_out_of_range' });
    expect(outOfRange.body.errors.map((e: { field: string }) => e.field)).toEqual(['position']);

    const events = await t.get(`/v1/user/stores/${storeId}/events?type=product.updated&limit=100`, {
      token: owner,
    });
    // 3 adds, 3 updates, 1 removal, 1 move (the refused move wrote nothing).
    expect(events.body.data.filter((e: { data: { id: string } }) => e.data.id === productId)).toHaveLength(8);
  });

  it('refuses bad input: long alt text, unknown, malformed and foreign media, the wrong purpose, unknown images', async () => {
    const productId = await newProduct('bowl');
    const media = await newMedia();
    const long = await add(productId, { mediaId: media.id, altText: 'x'.repeat(513) });
    expect(long.status).toBe(400);
    expect(long.body.errors.map((e: { field: string }) => e.field)).toEqual(['altText']);
    expect((await add(productId, { mediaId: media.id, altText: 'x'.repeat(512) })).status).toBe(201);

    for (const mediaId of ['7d1c1c9e-4b7a-4c1e-9a51-0a0a0a0a0a0a', 'not-a-uuid']) {
      const unknown = await add(productId, { mediaId });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('media_not_found');
    }
    const otherStore = await createStore(t, owner, 'Other Image Shop');
    const foreign = await newMedia('product_image', otherStore);
    const refused = await add(productId, { mediaId: foreign.id });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('media_not_found');
    const logo = await newMedia('logo');
    const wrong = await add(productId, { mediaId: logo.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'validation_failed', reason: 'wrong_purpose' });
    expect((await add(productId, {})).status).toBe(400);

    const missing = await put(productId, '7d1c1c9e-4b7a-4c1e-9a51-0a0a0a0a0a0a', { altText: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('image_not_found');
    expect((await remove(productId, 'nope')).body.code).toBe('image_not_found');
    // Another product's image is not this product's.
    const other = await newProduct('plate');
    const imageId = (await images(productId))[0].id;
    expect((await remove(other, imageId)).body.code).toBe('image_not_found');
    expect((await add('7d1c1c9e-4b7a-4c1e-9a51-0a0a0a0a0a0a', { mediaId: media.id })).body.code).toBe(
      'product_not_found',
    );
    expect((await put(productId, imageId, { position: -1 })).status).toBe(400);
    expect((await put(productId, imageId, { altText: 5 })).status).toBe(400);
    // One media serves several products.
    expect((await add(other, { mediaId: media.id })).status).toBe(201);
  });

  it('takes 20 images and refuses the 21st; two adds racing for the 20th place: one wins', async () => {
    const productId = await newProduct('gallery');
    const media = await newMedia();
    for (let i = 0; i < 19; i++) expect((await add(productId, { mediaId: media.id })).status).toBe(201);
    const race = await Promise.all([
      add(productId, { mediaId: media.id }),
      add(productId, { mediaId: media.id }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = race.find((r) => r.status === 409)!;
    expect(lost.body).toMatchObject({ code: 'too_many_images', reason: 'too_many_images' });
    expect(await images(productId)).toHaveLength(20);
    const more = await sf.gql(
      appToken,
      `mutation($p: ID!, $m: ID!) { productImagesAdd(productId: $p, images: [{ mediaId: $m }]) { id } }`,
      { p: productId, m: media.id },
    );
    expect(gqlError(more).code).toBe('BAD_USER_INPUT');
    expect(more.body.errors[0].extensions.reason).toBe('too_many_images');
  });

  it('lets staff change images, refuses developers (403) and another store’s members (404)', async () => {
    const productId = await newProduct('team');
    const media = await newMedia();
    const staff = { email: 'images-staff@example.com', token: await sf.account('images-staff@example.com') };
    const developer = {
      email: 'images-dev@example.com',
      token: await sf.account('images-dev@example.com'),
    };
    await addMember(t, owner, storeId, staff, 'staff');
    await addMember(t, owner, storeId, developer, 'developer');
    expect((await add(productId, { mediaId: media.id }, staff.token)).status).toBe(201);
    const dev = await add(productId, { mediaId: media.id }, developer.token);
    expect(dev.status).toBe(403);
    expect(dev.body.code).toBe('insufficient_role');
    const outsider = await sf.account('images-outsider@example.com');
    await createStore(t, outsider, 'Outsider Shop');
    const out = await add(productId, { mediaId: media.id }, outsider);
    expect(out.status).toBe(404);
    expect(out.body.code).toBe('store_not_found');
    // A developer still reads them.
    const read = await t.get(`${base()}/${productId}`, { token: developer.token });
    expect(read.body.images).toHaveLength(1);
  });

  it('a deleted media leaves every product at once (REST and GraphQL)', async () => {
    const one = await newProduct('first-user');
    const two = await newProduct('second-user');
    const doomed = await newMedia();
    const kept = await newMedia();
    await add(one, { mediaId: doomed.id });
    await add(one, { mediaId: kept.id });
    await add(two, { mediaId: doomed.id });
    expect((await t.delete(`/v1/user/stores/${storeId}/media/${doomed.id}`, { token: owner })).status).toBe(
      204,
    );
    expect((await images(one)).map((i) => i.url)).toEqual([kept.renditions.medium]);
    expect(await images(two)).toEqual([]);
    const data = await sf.data(
      pub,
      `query($id: ID!) { product(id: $id) { featuredImage { url } images { id } } }`,
      {
        id: two,
      },
    );
    expect(data.product).toEqual({ featuredImage: null, images: [] });
    // The gap the deleted image left is closed by the next write: the kept image moves to 0 and back.
    const keptId = (await images(one))[0].id;
    expect((await put(one, keptId, { position: 0 })).status).toBe(200);
  });

  describe('apps over GraphQL', () => {
    const STAGE = `mutation($input: StagedUploadInput!) { stagedUploadCreate(input: $input) { id url fields { name value } expiresAt } }`;
    const COMPLETE = `mutation($id: ID!) { stagedUploadComplete(id: $id) { id purpose contentType width height bytes filename url renditions { name url } } }`;
    const IMAGES = `id images(first: 20) { id altText width height url small: url(size: SMALL) original: url(size: ORIGINAL) } featuredImage { id }`;

    const appProduct = (handle: string) =>
      sf.createProduct(appToken, { handle, title: handle, price: '5.00', currencyCode: 'INR', inventory: 1 });
    /** A staged upload's form as the GraphQL answer gives it (a list), posted with `bytes`. */
    const postStaged = (staged: { url: string; fields: { name: string; value: string }[] }, bytes: Buffer) =>
      postUploadForm(
        { url: staged.url, fields: Object.fromEntries(staged.fields.map((f) => [f.name, f.value])) },
        bytes,
        'image/png',
      );
    const appUpload = async (bytes: Buffer, token = appToken) => {
      const staged = await sf.data(token, STAGE, {
        input: { filename: 'shot.png', contentType: 'image/png', size: bytes.length },
      });
      expect((await postStaged(staged.stagedUploadCreate, bytes)).status).toBe(204);
      return (await sf.data(token, COMPLETE, { id: staged.stagedUploadCreate.id })).stagedUploadComplete;
    };

    it('uploads through staged uploads, then adds, moves, retitles and removes images', async () => {
      const product = await appProduct('app-shot');
      const media = await appUpload(await image(400, 200));
      expect(media).toMatchObject({
        purpose: 'product_image',
        contentType: 'image/png',
        width: 400,
        height: 200,
      });
      expect(media.renditions.map((r: { name: string }) => r.name)).toEqual(['small', 'medium', 'large']);
      const second = await appUpload(await image(100, 100));

      const added = await sf.data(
        appToken,
        `mutation($p: ID!, $images: [ProductImageInput!]!) { productImagesAdd(productId: $p, images: $images) { ${IMAGES} } }`,
        { p: product.id, images: [{ mediaId: media.id, altText: 'Wide' }, { mediaId: second.id }] },
      );
      const got = added.productImagesAdd;
      expect(got.images).toHaveLength(2);
      expect(got.images[0]).toMatchObject({ altText: 'Wide', width: 400, height: 200 });
      const medium = media.renditions.find((r: { name: string }) => r.name === 'medium').url;
      const small = media.renditions.find((r: { name: string }) => r.name === 'small').url;
      expect(got.images[0]).toMatchObject({ url: medium, small, original: media.url });
      expect(got.featuredImage.id).toBe(got.images[0].id);

      const moved = await sf.data(
        appToken,
        `mutation($p: ID!, $i: ID!) { productImageUpdate(productId: $p, imageId: $i, position: 0, altText: "Square") { ${IMAGES} } }`,
        { p: product.id, i: got.images[1].id },
      );
      expect(moved.productImageUpdate.featuredImage.id).toBe(got.images[1].id);
      expect(moved.productImageUpdate.images[0].altText).toBe('Square');
      const removed = await sf.data(
        appToken,
        `mutation($p: ID!, $i: ID!) { productImageRemove(productId: $p, imageId: $i) { ${IMAGES} } }`,
        { p: product.id, i: got.images[1].id },
      );
      expect(removed.productImageRemove.images.map((i: { id: string }) => i.id)).toEqual([got.images[0].id]);
      // images(first) limits the list.
      const limited = await sf.data(pub, `query($id: ID!) { product(id: $id) { images(first: 0) { id } } }`, {
        id: product.id,
      });
      expect(limited.product.images).toEqual([]);
    });

    it('refuses with the REST rules: NOT_FOUND media, BAD_USER_INPUT with reason, FORBIDDEN without the scope', async () => {
      const product = await appProduct('app-refusals');
      const ADD = `mutation($p: ID!, $images: [ProductImageInput!]!) { productImagesAdd(productId: $p, images: $images) { id } }`;
      const unknown = await sf.gql(appToken, ADD, {
        p: product.id,
        images: [{ mediaId: '7d1c1c9e-4b7a-4c1e-9a51-0a0a0a0a0a0a' }],
      });
      expect(gqlError(unknown).code).toBe('NOT_FOUND');
      const logo = await newMedia('logo');
      const wrong = await sf.gql(appToken, ADD, { p: product.id, images: [{ mediaId: logo.id }] });
      expect(gqlError(wrong).code).toBe('BAD_USER_INPUT');
      expect(wrong.body.errors[0].extensions.reason).toBe('wrong_purpose');
      const media = await newMedia();
      const long = await sf.gql(appToken, ADD, {
        p: product.id,
        images: [{ mediaId: media.id, altText: 'y'.repeat(513) }],
      });
      expect(gqlError(long).code).toBe('BAD_USER_INPUT');
      expect(long.body.errors[0].extensions.reason).toBe('alt_text_too_long');
      const none = await sf.gql(appToken, ADD, { p: product.id, images: [] });
      expect(gqlError(none).code).toBe('BAD_USER_INPUT');
      // Nothing was added by the refusals.
      expect(await images(product.id)).toEqual([]);

      const svg = await sf.gql(appToken, STAGE, {
        input: { filename: 'x.svg', contentType: 'image/svg+xml', size: 10 },
      });
      expect(gqlError(svg).code).toBe('BAD_USER_INPUT');
      // A file that is not what it claims: refused at completion with its reason.
      const staged = await sf.data(appToken, STAGE, {
        input: { filename: 'fake.png', contentType: 'image/png', size: 12 },
      });
      await postStaged(staged.stagedUploadCreate, Buffer.from('not an image'));
      const invalid = await sf.gql(appToken, COMPLETE, { id: staged.stagedUploadCreate.id });
      expect(gqlError(invalid).code).toBe('BAD_USER_INPUT');
      expect(invalid.body.errors[0].extensions.reason).toBe('not_an_image');

      // A read-only app and a public token never upload nor change images.
      const reader = await sf.appTokenFor(owner, storeId, ['products:read']);
      const input = { filename: 'a.png', contentType: 'image/png', size: 10 };
      expect(gqlError(await sf.gql(reader, STAGE, { input })).code).toBe('FORBIDDEN');
      expect(gqlError(await sf.gql(pub, STAGE, { input })).code).toBe('FORBIDDEN');
      expect(gqlError(await sf.gql(pub, ADD, { p: product.id, images: [{ mediaId: media.id }] })).code).toBe(
        'FORBIDDEN',
      );
    });
  });

  it('reads a page of products’ images in one statement, and prices images as a list of `first`', async () => {
    const store = await createStore(t, owner, 'Batch Shop');
    const app = await sf.appTokenFor(owner, store);
    const batchMedia = await newMedia('product_image', store);
    for (let i = 0; i < 6; i++) {
      const id = await newProduct(`batch-${i}`, owner, store);
      await add(id, { mediaId: batchMedia.id }, owner, store);
    }
    const query = (first: number) =>
      `{ products(first: ${first}) { edges { node { id images { id url } featuredImage { id } } } } }`;
    const few = await recordSql(() => sf.gql(app, query(2)));
    const many = await recordSql(() => sf.gql(app, query(6)));
    expect(many.result.status).toBe(200);
    expect(many.result.body.data.products.edges.every((e: any) => e.node.images.length === 1)).toBe(true);
    const imageReads = (statements: string[]) =>
      statements.filter((s) => s.includes('FROM product_images')).length;
    expect(imageReads(few.statements)).toBe(1);
    expect(imageReads(many.statements)).toBe(1);
    expect(many.statements.length).toBe(few.statements.length);

    // products(first: 10): 2 + 10 × (node 1 + images(first: 3) × (1 + 0)) = 42.
    const priced = await sf.gql(
      app,
      '{ products(first: 10) { edges { node { images(first: 3) { id } } } } }',
    );
    expect(priced.body.extensions.cost.requestedQueryCost).toBe(42);
    // Without `first`: its default, 10.
    const byDefault = await sf.gql(app, '{ products(first: 10) { edges { node { images { id } } } } }');
    expect(byDefault.body.extensions.cost.requestedQueryCost).toBe(2 + 10 * (1 + 10));
    const negative = await sf.gql(
      app,
      '{ products(first: 1) { edges { node { images(first: -1) { id } } } } }',
    );
    expect(negative.status).toBe(400);
  });

  it('never answers 304 across an image change: add, move, retitle, remove, and a deleted media', async () => {
    const productId = await newProduct('cached');
    const [m1, m2] = [await newMedia(), await newMedia()];
    const QUERY = `{ product(handle: "cached") { images { id altText url } } }`;
    const get = (headers: Record<string, string> = {}) =>
      rawRequest(t.baseUrl, 'GET', `${GRAPHQL}?query=${encodeURIComponent(QUERY)}`, {
        authorization: `Bearer ${pub}`,
        ...headers,
      });
    let etag = String((await get()).headers.etag);
    expect(etag).toMatch(/^"/);
    expect((await get({ 'if-none-match': etag })).status).toBe(304);
    const fresh = async () => {
      const res = await get({ 'if-none-match': etag });
      expect(res.status).toBe(200);
      expect(String(res.headers.etag)).not.toBe(etag);
      etag = String(res.headers.etag);
      expect((await get({ 'if-none-match': etag })).status).toBe(304);
      return JSON.parse(res.text).data.product.images as { id: string; altText: string | null }[];
    };
    await add(productId, { mediaId: m1.id });
    await add(productId, { mediaId: m2.id });
    const [a, b] = await fresh();
    await put(productId, b.id, { position: 0 });
    expect((await fresh()).map((i) => i.id)).toEqual([b.id, a.id]);
    await put(productId, a.id, { altText: 'New words' });
    expect((await fresh())[1].altText).toBe('New words');
    await remove(productId, b.id);
    expect((await fresh()).map((i) => i.id)).toEqual([a.id]);
    await t.delete(`/v1/user/stores/${storeId}/media/${m1.id}`, { token: owner });
    expect(await fresh()).toEqual([]);
  });
});
