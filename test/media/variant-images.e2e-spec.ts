import {
  createStore,
  GRAPHQL,
  gqlError,
  image,
  rawRequest,
  recordSql,
  StorefrontClient,
  uploadMedia,
} from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { DataSource } from 'typeorm';

interface ImageJson {
  id: string;
  url: string;
  altText: string | null;
  width: number;
  height: number;
}
interface VariantJson {
  id: string;
  title: string;
  imageId: string | null;
  image: ImageJson | null;
}

/**
 * (v1.4) A variant's image (§17, §18): `imageId` names one of its product's images, on create and update,
 * over REST and GraphQL; REST products and their events show the variant's `image` as the product's
 * `images` do, GraphQL resolves `ProductVariant.image` through the page's DataLoader (one statement for a
 * page of products and their variants). An image of another product, or none, is refused; an image removed
 * from the product — or its media deleted — leaves the variant without one, and the storefront's ETag
 * never answers 304 across any of it.
 */
describe('variant images', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let owner: string;
  let storeId: string;
  let app: string;
  let pub: string;

  const base = () => `/v1/user/stores/${storeId}/products`;
  const SIZES = {
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    variants: ['S', 'M'].map((value, i) => ({
      selectedOptions: [{ name: 'Size', value }],
      price: `1${i}.00`,
      inventory: 5,
    })),
  };
  const newProduct = async (handle: string) => {
    const res = await t.post(
      base(),
      { handle, title: `Shirt ${handle}`, currencyCode: 'USD', ...SIZES },
      { token: owner },
    );
    expect(res.status).toBe(201);
    return res.body as { id: string; variants: VariantJson[] };
  };
  const newImage = async (productId: string, altText?: string, width = 400, height = 300) => {
    const media = await uploadMedia(t, owner, storeId, await image(width, height), {
      purpose: 'product_image',
      contentType: 'image/png',
    });
    expect(media.status).toBe(201);
    const res = await t.post(
      `${base()}/${productId}/images`,
      { mediaId: media.body.id, altText },
      { token: owner },
    );
    expect(res.status).toBe(201);
    const images = res.body.images as ImageJson[];
    return {
      image: images[images.length - 1],
      mediaId: media.body.id as string,
      renditions: media.body.renditions,
    };
  };
  const putVariant = (productId: string, variantId: string, body: Record<string, unknown>) =>
    t.put(`${base()}/${productId}/variants/${variantId}`, body, { token: owner });
  const getProduct = async (productId: string) =>
    (await t.get(`${base()}/${productId}`, { token: owner })).body as {
      images: ImageJson[];
      variants: VariantJson[];
      updatedAt: string;
    };
  const lastEvent = async (productId: string) => {
    const res = await t.get(`/v1/user/stores/${storeId}/events?type=product.updated&limit=100`, {
      token: owner,
    });
    return res.body.data.find((e: { data: { id: string } }) => e.data.id === productId) as {
      data: { variants: VariantJson[]; updatedAt: string };
    };
  };
  const VARIANT_IMAGE = `variants(first: 10) { edges { node { id title image { id url altText width height small: url(size: SMALL) } } } }`;
  const gqlVariants = async (productId: string, token = app) =>
    (await sf.data(token, `{ product(id: "${productId}") { ${VARIANT_IMAGE} } }`)).product.variants.edges.map(
      (e: { node: unknown }) => e.node,
    ) as { id: string; title: string; image: (ImageJson & { small: string }) | null }[];

  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    owner = await sf.account('variant-images@example.com');
    storeId = await createStore(t, owner, 'Variant Images');
    app = await sf.appTokenFor(owner, storeId);
    pub = (await sf.publicToken(owner, storeId)).token;
  });
  afterAll(() => t?.close());

  it('REST: imageId set on update and on a new variant; the product, GET and the event show the image as its images do', async () => {
    const product = await newProduct('rest');
    const front = await newImage(product.id, 'Front', 400, 300);
    const back = await newImage(product.id, undefined, 200, 500);
    const [s] = product.variants;

    const updated = await putVariant(product.id, s.id, { imageId: front.image.id });
    expect(updated.status).toBe(200);
    const shownS = updated.body.variants.find((v: VariantJson) => v.id === s.id);
    expect(shownS.imageId).toBe(front.image.id);
    expect(shownS.image).toEqual({
      id: front.image.id,
      url: front.renditions.medium,
      altText: 'Front',
      width: 400,
      height: 300,
    });
    expect(shownS.image).toEqual(updated.body.images[0]);
    // A variant without one: both null.
    expect(updated.body.variants.find((v: VariantJson) => v.id !== s.id)).toMatchObject({
      imageId: null,
      image: null,
    });

    const created = await t.post(
      `${base()}/${product.id}/variants`,
      {
        selectedOptions: [{ name: 'Size', value: 'L' }],
        price: '12.00',
        inventory: 1,
        imageId: back.image.id,
      },
      { token: owner },
    );
    expect(created.status).toBe(201);
    const l = created.body.variants.find((v: VariantJson) => v.title === 'L');
    expect(l).toMatchObject({ imageId: back.image.id, image: { ...back.image, altText: null } });

    const now = await getProduct(product.id);
    expect(now.variants).toEqual(created.body.variants);
    const list = await t.get(`${base()}?query=rest`, { token: owner });
    expect(list.body.data[0].variants).toEqual(now.variants);
    const event = await lastEvent(product.id);
    expect(event.data.variants).toEqual(now.variants);

    // null clears it.
    const cleared = await putVariant(product.id, s.id, { imageId: null });
    expect(cleared.body.variants.find((v: VariantJson) => v.id === s.id)).toMatchObject({
      imageId: null,
      image: null,
    });
  });

  it('GraphQL: imageId on create and update; ProductVariant.image with its sizes, for apps and public tokens', async () => {
    const product = await newProduct('gql');
    const one = await newImage(product.id, 'One');
    const two = await newImage(product.id);
    const [s, m] = product.variants;
    const update = await sf.gql(
      app,
      `mutation($p: ID!, $v: [ProductVariantUpdateInput!]!) { productVariantsUpdate(productId: $p, variants: $v) { ${VARIANT_IMAGE} } }`,
      { p: product.id, v: [{ id: s.id, imageId: one.image.id }] },
    );
    expect(update.body.errors).toBeUndefined();
    const nodes = update.body.data.productVariantsUpdate.variants.edges.map((e: { node: any }) => e.node);
    expect(nodes.find((n: { id: string }) => n.id === s.id).image).toEqual({
      id: one.image.id,
      url: one.renditions.medium,
      altText: 'One',
      width: 400,
      height: 300,
      small: one.renditions.small,
    });
    expect(nodes.find((n: { id: string }) => n.id === m.id).image).toBeNull();

    const create = await sf.gql(
      app,
      `mutation($p: ID!, $v: [ProductVariantInput!]!) { productVariantsCreate(productId: $p, variants: $v) { ${VARIANT_IMAGE} } }`,
      {
        p: product.id,
        v: [
          {
            selectedOptions: [{ name: 'Size', value: 'L' }],
            price: '3.00',
            inventory: 2,
            imageId: two.image.id,
          },
        ],
      },
    );
    expect(create.body.errors).toBeUndefined();
    const l = create.body.data.productVariantsCreate.variants.edges
      .map((e: { node: any }) => e.node)
      .find((n: { title: string }) => n.title === 'L');
    expect(l.image).toMatchObject({ id: two.image.id, url: two.renditions.medium, altText: null });

    // A public token reads the same; so does a cart line's variant (an app's cart).
    expect(await gqlVariants(product.id, pub)).toEqual(await gqlVariants(product.id));
    const cart = await sf.data(
      app,
      `mutation($l: [CartLineInput!]!) { cartCreate(input: { lines: $l }) { lines { variant { image { id } } } } }`,
      { l: [{ variantId: s.id, quantity: 1 }] },
    );
    expect(cart.cartCreate.lines[0].variant.image).toEqual({ id: one.image.id });
  });

  it('refuses an image of another product, an unknown one and a malformed one (REST 400 naming imageId, GraphQL BAD_USER_INPUT); nothing changes', async () => {
    const product = await newProduct('refused');
    const other = await newProduct('other');
    const foreign = await newImage(other.id);
    const [s] = product.variants;
    const before = await getProduct(product.id);
    for (const imageId of [foreign.image.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const rest = await putVariant(product.id, s.id, { imageId });
      expect(rest.status).toBe(400);
      expect(rest.body.code).toBe('validation_failed');
      expect(rest.body.errors.map((e: { field: string }) => e.field)).toEqual(['imageId']);

      const created = await t.post(
        `${base()}/${product.id}/variants`,
        { selectedOptions: [{ name: 'Size', value: 'L' }], price: '1.00', inventory: 1, imageId },
        { token: owner },
      );
      expect(created.status).toBe(400);
      expect(created.body.errors.map((e: { field: string }) => e.field)).toEqual(['imageId']);

      const gql = await sf.gql(
        app,
        `mutation($p: ID!, $v: [ProductVariantUpdateInput!]!) { productVariantsUpdate(productId: $p, variants: $v) { id } }`,
        { p: product.id, v: [{ id: s.id, imageId }] },
      );
      expect(gqlError(gql).code).toBe('BAD_USER_INPUT');
      expect(gqlError(gql).message).toContain('imageId');
    }
    // A new product's variants have no images to name yet.
    const fresh = await sf.gql(app, `mutation($i: ProductCreateInput!) { productCreate(input: $i) { id } }`, {
      i: {
        handle: 'fresh',
        title: 'Fresh',
        options: [{ name: 'Size', values: ['S'] }],
        variants: [
          {
            selectedOptions: [{ name: 'Size', value: 'S' }],
            price: '1.00',
            inventory: 1,
            imageId: foreign.image.id,
          },
        ],
      },
    });
    expect(gqlError(fresh).code).toBe('BAD_USER_INPUT');
    const after = await getProduct(product.id);
    expect(after).toEqual(before);
    expect((await getProduct(other.id)).variants.every((v) => v.imageId === null)).toBe(true);
  });

  it('an image removed from the product, or its media deleted, leaves the variant without one: REST, event and GraphQL', async () => {
    const product = await newProduct('removal');
    const a = await newImage(product.id);
    const b = await newImage(product.id);
    const [s, m] = product.variants;
    expect((await putVariant(product.id, s.id, { imageId: a.image.id })).status).toBe(200);
    expect((await putVariant(product.id, m.id, { imageId: b.image.id })).status).toBe(200);

    const removed = await t.delete(`${base()}/${product.id}/images/${a.image.id}`, { token: owner });
    expect(removed.status).toBe(200);
    expect(removed.body.variants.find((v: VariantJson) => v.id === s.id)).toMatchObject({
      imageId: null,
      image: null,
    });
    expect(removed.body.variants.find((v: VariantJson) => v.id === m.id).image).toEqual(b.image);
    expect((await lastEvent(product.id)).data.variants).toEqual(removed.body.variants);
    expect((await gqlVariants(product.id)).find((v) => v.id === s.id)!.image).toBeNull();

    // The media of the other image is deleted: its variant loses the image in the deletion's event too.
    expect((await t.delete(`/v1/user/stores/${storeId}/media/${b.mediaId}`, { token: owner })).status).toBe(
      204,
    );
    const now = await getProduct(product.id);
    expect(now.images).toEqual([]);
    expect(now.variants.map((v) => [v.imageId, v.image])).toEqual([
      [null, null],
      [null, null],
    ]);
    const event = await lastEvent(product.id);
    expect(event.data.variants).toEqual(now.variants);
    expect(event.data.updatedAt).toBe(now.updatedAt);
    expect((await gqlVariants(product.id)).map((v) => v.image)).toEqual([null, null]);
  });

  it('raced with the image’s removal, a variant never keeps an image that is not its product’s, nor does any event', async () => {
    const product = await newProduct('race');
    const [s] = product.variants;
    const events = async () =>
      (await t.get(`/v1/user/stores/${storeId}/events?type=product.updated&limit=100`, { token: owner })).body
        .data as { id: string; data: { id: string; images: ImageJson[]; variants: VariantJson[] } }[];
    for (let round = 0; round < 4; round++) {
      const { image: img } = await newImage(product.id);
      const before = new Set((await events()).map((e) => e.id));
      const [set, removed] = await Promise.all([
        putVariant(product.id, s.id, { imageId: img.id }),
        t.delete(`${base()}/${product.id}/images/${img.id}`, { token: owner }),
      ]);
      expect(removed.status).toBe(200);
      // Either the update committed first (and the removal cleared it) or it found no such image.
      expect([200, 400]).toContain(set.status);
      const now = await getProduct(product.id);
      expect(now.variants.find((v) => v.id === s.id)).toMatchObject({ imageId: null, image: null });
      const changes = (await events()).filter((e) => !before.has(e.id) && e.data.id === product.id);
      expect(changes).toHaveLength(set.status === 200 ? 2 : 1);
      // In every event, each variant's image is one of that product's images as the event shows them.
      for (const e of changes) {
        for (const v of e.data.variants) {
          if (v.imageId !== null) expect(e.data.images).toContainEqual(v.image);
        }
      }
      // The removal's event (the one without the image) shows no variant with it.
      const removal = changes.find((e) => !e.data.images.some((i) => i.id === img.id))!;
      expect(removal.data.variants.every((v) => v.imageId === null)).toBe(true);
    }
  });

  it('the database refuses another product’s image even in SQL by hand; the API answers as before', async () => {
    const product = await newProduct('by-hand');
    const other = await newProduct('by-hand-other');
    const own = await newImage(product.id);
    const foreign = await newImage(other.id);
    const [s] = product.variants;
    const db = t.app.get(DataSource);
    await expect(
      db.query(`UPDATE product_variants SET image_id = $1 WHERE id = $2`, [foreign.image.id, s.id]),
    ).rejects.toMatchObject({ code: '23503', constraint: 'ck_product_variants_image_of_product' });
    await expect(
      db.query(
        `INSERT INTO product_variants (store_id, product_id, position, price_minor, inventory, image_id)
         SELECT store_id, product_id, 9, 100, 1, $1 FROM product_variants WHERE id = $2`,
        [foreign.image.id, s.id],
      ),
    ).rejects.toMatchObject({ code: '23503' });
    // Its own image, by hand, is what the API then shows.
    await db.query(`UPDATE product_variants SET image_id = $1 WHERE id = $2`, [own.image.id, s.id]);
    expect((await getProduct(product.id)).variants.find((v) => v.id === s.id)!.image).toEqual(own.image);
  });

  it('one statement reads the images of a page of products and their variants; image costs 1 a variant', async () => {
    const ids: string[] = [];
    for (const handle of ['page-1', 'page-2', 'page-3', 'page-4']) {
      const product = await newProduct(handle);
      const { image: img } = await newImage(product.id);
      for (const v of product.variants)
        expect((await putVariant(product.id, v.id, { imageId: img.id })).status).toBe(200);
      ids.push(product.id);
    }
    const query = (n: number) =>
      `{ products(first: ${n}, query: "page-") { edges { node { id ${VARIANT_IMAGE} } } } }`;
    const few = await recordSql(() => sf.gql(app, query(1)));
    const many = await recordSql(() => sf.gql(app, query(4)));
    expect(many.result.status).toBe(200);
    const nodes = many.result.body.data.products.edges.map((e: { node: any }) => e.node);
    expect(nodes).toHaveLength(4);
    for (const node of nodes) {
      for (const edge of node.variants.edges) expect(edge.node.image).not.toBeNull();
    }
    const imageReads = (statements: string[]) =>
      statements.filter((s) => s.includes('FROM product_images')).length;
    expect(imageReads(few.statements)).toBe(1);
    expect(imageReads(many.statements)).toBe(1);
    expect(many.statements.length).toBe(few.statements.length);

    // products(first: 2) → 2 + 2 × (node 1 + variants(first: 5) (2 + 5 × (node 1 + image 1))) = 2 + 2 × 13 = 28.
    const priced = await sf.gql(
      app,
      '{ products(first: 2) { edges { node { variants(first: 5) { edges { node { image { id } } } } } } } }',
    );
    expect(priced.body.errors).toBeUndefined();
    expect(priced.body.extensions.cost.requestedQueryCost).toBe(28);
  });

  it('never answers 304 across a variant image change: set, cleared, image removed, media deleted', async () => {
    const product = await newProduct('etag');
    const [s] = product.variants;
    const QUERY = `{ product(handle: "etag") { variants(first: 5) { edges { node { id image { id url } } } } } }`;
    const get = (headers: Record<string, string> = {}) =>
      rawRequest(t.baseUrl, 'GET', `${GRAPHQL}?query=${encodeURIComponent(QUERY)}`, {
        authorization: `Bearer ${pub}`,
        ...headers,
      });
    let etag = '';
    const fresh = async () => {
      const res = await get(etag ? { 'if-none-match': etag } : {});
      expect(res.status).toBe(200);
      expect(String(res.headers.etag)).not.toBe(etag);
      etag = String(res.headers.etag);
      expect((await get({ 'if-none-match': etag })).status).toBe(304);
      const nodes = JSON.parse(res.text).data.product.variants.edges.map((e: { node: any }) => e.node);
      return nodes.find((n: { id: string }) => n.id === s.id).image as { id: string } | null;
    };
    expect(await fresh()).toBeNull();
    const a = await newImage(product.id);
    const b = await newImage(product.id);
    await fresh();
    await putVariant(product.id, s.id, { imageId: a.image.id });
    expect((await fresh())!.id).toBe(a.image.id);
    await putVariant(product.id, s.id, { imageId: null });
    expect(await fresh()).toBeNull();
    await putVariant(product.id, s.id, { imageId: a.image.id });
    expect((await fresh())!.id).toBe(a.image.id);
    await t.delete(`${base()}/${product.id}/images/${a.image.id}`, { token: owner });
    expect(await fresh()).toBeNull();
    await putVariant(product.id, s.id, { imageId: b.image.id });
    expect((await fresh())!.id).toBe(b.image.id);
    await t.delete(`/v1/user/stores/${storeId}/media/${b.mediaId}`, { token: owner });
    expect(await fresh()).toBeNull();
  });
});
