import { GRAPHQL, gqlError, rawRequest, recordSql, StorefrontClient } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { OrderHoldExpiry } from '@app/storefront';
import { DataSource } from 'typeorm';

/**
 * (v1.4) Options and variants (contract §18) end to end over HTTP: the default variant that keeps every
 * v1.3 product as it was, products with options and variants, every rule and its reason (GraphQL and
 * REST), carts and orders by variant, two checkouts racing for the last unit of one variant, orders that
 * read the same after their products change or go, and storefront ETags after variant writes — through
 * the API and in SQL written by hand.
 */

const PRODUCT = `id title price { amount currencyCode } inventory hasOnlyDefaultVariant
  options { name values } priceRange { min { amount } max { amount } }
  variants(first: 50) { edges { node { id title sku price { amount } compareAtPrice { amount } inventory available
    selectedOptions { name value } position } } pageInfo { hasNextPage endCursor } }`;

const TSHIRT = {
  handle: 'tshirt',
  title: 'T-shirt',
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Color', values: ['Red', 'Blue'] },
  ],
  variants: [
    {
      selectedOptions: [
        { name: 'Size', value: 'S' },
        { name: 'Color', value: 'Red' },
      ],
      price: '10.00',
      sku: 'TS-S-R',
      inventory: 3,
    },
    {
      selectedOptions: [
        { name: 'Color', value: 'Blue' },
        { name: 'Size', value: 'S' },
      ],
      price: '11.00',
      inventory: 2,
    },
    {
      selectedOptions: [
        { name: 'Size', value: 'M' },
        { name: 'Color', value: 'Red' },
      ],
      price: '12.50',
      compareAtPrice: '15',
      inventory: 1,
    },
  ],
};

describe('storefront — options and variants', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let owner: string;
  let storeId: string;
  let app: string;

  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    owner = await sf.account('variants@example.com');
    storeId = await sf.store(owner, 'Variant Shop');
    app = await sf.appTokenFor(owner, storeId);
  });
  afterAll(() => t?.close());

  const create = (input: Record<string, unknown>) =>
    sf.gql(app, `mutation($i: ProductCreateInput!) { productCreate(input: $i) { ${PRODUCT} } }`, {
      i: input,
    });
  const read = async (id: string) => (await sf.data(app, `{ product(id: "${id}") { ${PRODUCT} } }`)).product;
  const reason = (res: { body: any }) => res.body.errors?.[0]?.extensions?.reason;
  const nodes = (product: any) => product.variants.edges.map((e: any) => e.node);
  /** One of the four product mutations of §18: its name, its list argument and that argument's type. */
  const mutate = (name: string, arg: string, type: string) => (productId: string, list: unknown[]) =>
    sf.gql(app, `mutation($p: ID!, $v: ${type}) { ${name}(productId: $p, ${arg}: $v) { ${PRODUCT} } }`, {
      p: productId,
      v: list,
    });
  const variantsCreate = mutate('productVariantsCreate', 'variants', '[ProductVariantInput!]!');
  const variantsUpdate = mutate('productVariantsUpdate', 'variants', '[ProductVariantUpdateInput!]!');
  const variantsDelete = mutate('productVariantsDelete', 'variantIds', '[ID!]!');
  const optionsUpdate = mutate('productOptionsUpdate', 'options', '[ProductOptionInput!]!');

  it('a product without options has its default variant, and v1.3 writes of price and stock set it', async () => {
    const made = (await create({ handle: 'tea', title: 'Tea', price: '4.99', inventory: 7 })).body.data
      .productCreate;
    expect(made).toMatchObject({
      price: { amount: '4.99' },
      inventory: 7,
      hasOnlyDefaultVariant: true,
      options: [],
    });
    expect(made.priceRange).toEqual({ min: { amount: '4.99' }, max: { amount: '4.99' } });
    expect(nodes(made)).toEqual([
      expect.objectContaining({
        title: 'Default Title',
        selectedOptions: [],
        price: { amount: '4.99' },
        inventory: 7,
        sku: null,
      }),
    ]);
    const updated = await sf.data(
      app,
      `mutation { productUpdate(id: "${made.id}", input: { price: "5.50", inventory: 2 }) { ${PRODUCT} } }`,
    );
    expect(updated.productUpdate).toMatchObject({ price: { amount: '5.50' }, inventory: 2 });
    expect(nodes(updated.productUpdate)[0]).toMatchObject({ price: { amount: '5.50' }, inventory: 2 });
  });

  it('creates a product with options and variants: titles, the lowest price, the total stock, the range', async () => {
    const res = await create(TSHIRT);
    expect(res.body.errors).toBeUndefined();
    const p = res.body.data.productCreate;
    expect(p).toMatchObject({ price: { amount: '10.00' }, inventory: 6, hasOnlyDefaultVariant: false });
    expect(p.options).toEqual(TSHIRT.options);
    expect(p.priceRange).toEqual({ min: { amount: '10.00' }, max: { amount: '12.50' } });
    expect(
      nodes(p).map((v: any) => [v.title, v.sku, v.price.amount, v.compareAtPrice?.amount ?? null]),
    ).toEqual([
      ['S / Red', 'TS-S-R', '10.00', null],
      ['S / Blue', null, '11.00', null],
      ['M / Red', null, '12.50', '15.00'],
    ]);
    expect(nodes(p)[1].selectedOptions).toEqual([
      { name: 'Size', value: 'S' },
      { name: 'Color', value: 'Blue' },
    ]);
    // Several variants: price and stock are per variant now.
    const refused = await sf.gql(
      app,
      `mutation { productUpdate(id: "${p.id}", input: { price: "1.00" }) { id } }`,
    );
    expect([gqlError(refused).code, reason(refused)]).toEqual(['BAD_USER_INPUT', 'has_variants']);
    // Pages of variants with their own cursor.
    const first = await sf.data(
      app,
      `{ product(id: "${p.id}") { variants(first: 2) { edges { node { title } } pageInfo { hasNextPage endCursor } } } }`,
    );
    expect(first.product.variants.pageInfo.hasNextPage).toBe(true);
    const next = await sf.data(
      app,
      `query($a: String) { product(id: "${p.id}") { variants(first: 2, after: $a) { edges { node { title } } pageInfo { hasNextPage } } } }`,
      { a: first.product.variants.pageInfo.endCursor },
    );
    expect(next.product.variants.edges.map((e: any) => e.node.title)).toEqual(['M / Red']);
    expect(next.product.variants.pageInfo.hasNextPage).toBe(false);
  });

  it('refuses every broken rule with its reason, writing nothing', async () => {
    const opt = (name: string, n: number) => ({
      name,
      values: Array.from({ length: n }, (_, i) => `${name}${i}`),
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ options: [opt('A', 1), opt('B', 1), opt('C', 1), opt('D', 1)], variants: [] }, 'too_many_options'],
      [{ options: [opt('A', 0)], variants: [] }, 'too_many_values'],
      [{ options: [opt('A', 101)], variants: [] }, 'too_many_values'],
      [
        { options: [opt('A', 2)], variants: [{ selectedOptions: [], price: '1', inventory: 1 }] },
        'missing_option_value',
      ],
      [
        {
          options: [opt('A', 2)],
          variants: [{ selectedOptions: [{ name: 'A', value: 'nope' }], price: '1', inventory: 1 }],
        },
        'unknown_option_value',
      ],
      [
        {
          options: [opt('A', 2)],
          variants: [
            { selectedOptions: [{ name: 'A', value: 'A0' }], price: '1', inventory: 1 },
            { selectedOptions: [{ name: 'A', value: 'A0' }], price: '2', inventory: 1 },
          ],
        },
        'duplicate_variant',
      ],
      [
        {
          options: [opt('A', 1)],
          variants: [
            { selectedOptions: [{ name: 'A', value: 'A0' }], price: '1', sku: 'TS-S-R', inventory: 1 },
          ],
        },
        'sku_taken',
      ],
      [
        {
          options: [opt('A', 1)],
          variants: [{ selectedOptions: [{ name: 'A', value: 'A0' }], price: '1.001', inventory: 1 }],
        },
        'amount_precision',
      ],
    ];
    for (const [input, why] of cases) {
      const res = await create({ handle: 'broken', title: 'Broken', ...input });
      expect({ why, code: gqlError(res).code, reason: reason(res) }).toEqual({
        why,
        code: 'BAD_USER_INPUT',
        reason: why,
      });
    }
    expect(await sf.data(app, `{ product(handle: "broken") { id } }`)).toEqual({ product: null });
  });

  it('creates, updates and deletes variants with the rules of each (GraphQL)', async () => {
    const p = (
      await create({
        ...TSHIRT,
        handle: 'hoodie',
        variants: TSHIRT.variants.map((v) => ({ ...v, sku: null })),
      })
    ).body.data.productCreate;
    const added = await variantsCreate(p.id, [
      {
        selectedOptions: [
          { name: 'Size', value: 'M' },
          { name: 'Color', value: 'Blue' },
        ],
        price: '20',
        sku: 'H-M-B',
        inventory: 4,
      },
    ]);
    expect(added.body.errors).toBeUndefined();
    expect(nodes(added.body.data.productVariantsCreate).map((v: any) => v.title)).toEqual([
      'S / Red',
      'S / Blue',
      'M / Red',
      'M / Blue',
    ]);
    expect(added.body.data.productVariantsCreate).toMatchObject({
      inventory: 10,
      priceRange: { max: { amount: '20.00' } },
    });
    const again = await variantsCreate(p.id, [
      {
        selectedOptions: [
          { name: 'Size', value: 'M' },
          { name: 'Color', value: 'Blue' },
        ],
        price: '20',
        inventory: 4,
      },
    ]);
    expect(reason(again)).toBe('duplicate_variant');
    const many = Array.from({ length: 251 }, () => ({ selectedOptions: [], price: '1', inventory: 1 }));
    expect(reason(await variantsCreate(p.id, many))).toBe('too_many_variants');

    const [first, second] = nodes(added.body.data.productVariantsCreate);
    const updated = await variantsUpdate(p.id, [
      { id: first.id, price: '9.00', sku: 'H-S-R', compareAtPrice: '12' },
    ]);
    expect(nodes(updated.body.data.productVariantsUpdate)[0]).toMatchObject({
      price: { amount: '9.00' },
      sku: 'H-S-R',
      compareAtPrice: { amount: '12.00' },
    });
    expect(updated.body.data.productVariantsUpdate.price).toEqual({ amount: '9.00', currencyCode: 'USD' });
    expect(reason(await variantsUpdate(p.id, [{ id: second.id, sku: 'TS-S-R' }]))).toBe('sku_taken');
    expect(reason(await variantsUpdate(p.id, [{ id: second.id, price: '1.234' }]))).toBe('amount_precision');
    const unknown = await variantsUpdate(p.id, [{ id: 'f0000000-0000-4000-8000-000000000000', price: '1' }]);
    expect(gqlError(unknown).code).toBe('NOT_FOUND');

    const ids = nodes(updated.body.data.productVariantsUpdate).map((v: any) => v.id);
    const deleted = await variantsDelete(p.id, ids.slice(0, 3));
    expect(nodes(deleted.body.data.productVariantsDelete).map((v: any) => v.title)).toEqual(['M / Blue']);
    expect(reason(await variantsDelete(p.id, [ids[3]]))).toBe('last_variant');
    expect(nodes(await read(p.id))).toHaveLength(1);
  });

  it('productOptionsUpdate renames options and values in every variant, adds values, keeps the rules', async () => {
    const p = (
      await create({ ...TSHIRT, handle: 'cap', variants: TSHIRT.variants.map((v) => ({ ...v, sku: null })) })
    ).body.data.productCreate;
    const renamed = await optionsUpdate(p.id, [
      { name: 'Taille', values: ['Small', 'M', 'L'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ]);
    expect(renamed.body.errors).toBeUndefined();
    expect(renamed.body.data.productOptionsUpdate.options).toEqual([
      { name: 'Taille', values: ['Small', 'M', 'L'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ]);
    expect(nodes(renamed.body.data.productOptionsUpdate).map((v: any) => v.title)).toEqual([
      'Small / Red',
      'Small / Blue',
      'M / Red',
    ]);
    const inUse = await optionsUpdate(p.id, [
      { name: 'Taille', values: ['Small'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ]);
    expect(reason(inUse)).toBe('option_value_in_use');
    const fixed = await optionsUpdate(p.id, [{ name: 'Taille', values: ['Small', 'M', 'L'] }]);
    expect(reason(fixed)).toBe('option_count_fixed');
    // An unused value at the end may go.
    const trimmed = await optionsUpdate(p.id, [
      { name: 'Taille', values: ['Small', 'M'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ]);
    expect(trimmed.body.data.productOptionsUpdate.options[0].values).toEqual(['Small', 'M']);
    // A default-only product gains options: its variant takes the first values.
    const plain = (await create({ handle: 'mug', title: 'Mug', price: '3', inventory: 1 })).body.data
      .productCreate;
    const gained = await optionsUpdate(plain.id, [{ name: 'Size', values: ['Big', 'Small'] }]);
    expect(gained.body.data.productOptionsUpdate).toMatchObject({ hasOnlyDefaultVariant: false });
    expect(nodes(gained.body.data.productOptionsUpdate).map((v: any) => v.title)).toEqual(['Big']);
  });

  it('carts and orders name variants: variant_required, variant_mismatch, removal by variant, titles kept', async () => {
    const shirt = (
      await create({
        ...TSHIRT,
        handle: 'polo',
        variants: TSHIRT.variants.map((v) => ({ ...v, sku: v.sku ? 'P' : null })),
      })
    ).body.data.productCreate;
    const plain = (await create({ handle: 'sock', title: 'Sock', price: '2.00', inventory: 9 })).body.data
      .productCreate;
    const [sRed, sBlue] = nodes(shirt);
    const cart = (lines: unknown[]) =>
      sf.gql(
        app,
        `mutation($i: CartInput) { cartCreate(input: $i) { id lines { quantity variant { id title } } } }`,
        {
          i: { lines, buyerEmail: 'b@example.com' },
        },
      );
    expect(reason(await cart([{ productId: shirt.id, quantity: 1 }]))).toBe('variant_required');
    expect(reason(await cart([{ productId: plain.id, variantId: sRed.id, quantity: 1 }]))).toBe(
      'variant_mismatch',
    );
    expect(
      gqlError(await cart([{ variantId: 'f0000000-0000-4000-8000-000000000000', quantity: 1 }])).code,
    ).toBe('NOT_FOUND');
    const made = await cart([
      { variantId: sRed.id, quantity: 1 },
      { productId: shirt.id, variantId: sBlue.id, quantity: 2 },
      { productId: plain.id, quantity: 1 },
      { variantId: sRed.id, quantity: 1 },
    ]);
    expect(made.body.errors).toBeUndefined();
    expect(made.body.data.cartCreate.lines.map((l: any) => [l.variant.title, l.quantity])).toEqual([
      ['S / Red', 2],
      ['S / Blue', 2],
      ['Default Title', 1],
    ]);
    const cartId = made.body.data.cartCreate.id;
    const removed = await sf.data(
      app,
      `mutation { cartLinesRemove(cartId: "${cartId}", variantIds: ["${sBlue.id}"]) { lines { variant { title } } } }`,
    );
    expect(removed.cartLinesRemove.lines.map((l: any) => l.variant.title)).toEqual([
      'S / Red',
      'Default Title',
    ]);
    const order = await sf.data(
      app,
      `mutation { checkoutComplete(cartId: "${cartId}") { id lines { title sku quantity unitPrice { amount } variant { id } product { id } } } }`,
    );
    expect(
      order.checkoutComplete.lines.map((l: any) => [l.title, l.sku, l.quantity, l.unitPrice.amount]),
    ).toEqual([
      ['T-shirt / S / Red', 'P', 2, '10.00'],
      ['Sock', null, 1, '2.00'],
    ]);
    expect((await read(shirt.id)).inventory).toBe(4);

    // orderCreate by variant, and a v1.3 line by product id for a default-only product.
    const placed = await sf.gql(
      app,
      `mutation($i: OrderCreateInput!) { orderCreate(input: $i) { id lines { title variant { title } } } }`,
      {
        i: {
          customerEmail: 'c@example.com',
          lines: [
            { variantId: sBlue.id, quantity: 1 },
            { productId: plain.id, quantity: 1 },
          ],
        },
      },
    );
    expect(placed.body.data.orderCreate.lines.map((l: any) => [l.title, l.variant.title])).toEqual([
      ['T-shirt / S / Blue', 'S / Blue'],
      ['Sock', 'Default Title'],
    ]);
    const byProduct = await sf.gql(app, `mutation($i: OrderCreateInput!) { orderCreate(input: $i) { id } }`, {
      i: { customerEmail: 'c@example.com', lines: [{ productId: shirt.id, quantity: 1 }] },
    });
    expect(reason(byProduct)).toBe('variant_required');

    // The order reads the same after its variant's price changes and its product is deleted: the line's
    // product and variant are null, its own title, SKU and price stay.
    await variantsUpdate(shirt.id, [{ id: sRed.id, price: '99.00', sku: 'NEW' }]);
    await sf.data(app, `mutation { productDelete(id: "${shirt.id}") }`);
    const lines = `lines { title sku unitPrice { amount } variant { id } product { id title } }`;
    const again = await sf.data(app, `{ order(id: "${order.checkoutComplete.id}") { ${lines} } }`);
    expect(
      again.order.lines.map((l: any) => [l.title, l.sku, l.unitPrice.amount, l.variant, l.product]),
    ).toEqual([
      ['T-shirt / S / Red', 'P', '10.00', null, null],
      ['Sock', null, '2.00', { id: nodes(plain)[0].id }, { id: plain.id, title: 'Sock' }],
    ]);
    // REST and events carry the variant, title and sku of each line; a deleted product's line keeps its
    // productId and variantId (ids of what was sold, no longer readable).
    const rest = await t.get(`/v1/user/stores/${storeId}/orders/${order.checkoutComplete.id}`, {
      token: owner,
    });
    expect(rest.body.lines[0]).toMatchObject({
      productId: shirt.id,
      variantId: sRed.id,
      title: 'T-shirt / S / Red',
      sku: 'P',
    });

    // A product deleted through REST is no different; an order of deleted products still moves, and its
    // event's lines are the ones sold.
    const placedId = placed.body.data.orderCreate.id;
    expect(
      (await t.delete(`/v1/user/stores/${storeId}/products/${plain.id}`, { token: owner })).status,
    ).toBeLessThan(300);
    const gone = await sf.data(app, `{ order(id: "${placedId}") { ${lines} } }`);
    expect(
      gone.order.lines.map((l: any) => [l.title, l.sku, l.unitPrice.amount, l.variant, l.product]),
    ).toEqual([
      ['T-shirt / S / Blue', null, '11.00', null, null],
      ['Sock', null, '2.00', null, null],
    ]);
    const cancelled = await t.post(
      `/v1/user/stores/${storeId}/orders/${placedId}/cancel`,
      { reason: 'products gone' },
      { token: owner },
    );
    expect(cancelled.status).toBe(200);
    const expected = [
      { productId: shirt.id, variantId: sBlue.id, title: 'T-shirt / S / Blue', sku: null, quantity: 1 },
      { productId: plain.id, variantId: nodes(plain)[0].id, title: 'Sock', sku: null, quantity: 1 },
    ];
    expect(cancelled.body.lines).toMatchObject(expected);
    const events = await t.get(`/v1/user/stores/${storeId}/events?type=order.cancelled&limit=1`, {
      token: owner,
    });
    expect(events.body.data[0].data).toMatchObject({ id: placedId, lines: expected });
  });

  it('two checkouts racing for the last unit of one variant: exactly one wins, the other names the variant', async () => {
    const p = (
      await create({
        handle: 'last',
        title: 'Last',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { selectedOptions: [{ name: 'Size', value: 'S' }], price: '5', inventory: 1 },
          { selectedOptions: [{ name: 'Size', value: 'M' }], price: '5', inventory: 5 },
        ],
      })
    ).body.data.productCreate;
    const [small] = nodes(p);
    const shopper = (await sf.publicToken(owner, storeId, ['products:read', 'cart:write'])).token;
    const carts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const c = await sf.data(shopper, `mutation($i: CartInput) { cartCreate(input: $i) { id } }`, {
        i: { lines: [{ variantId: small.id, quantity: 1 }], buyerEmail: `r${i}@example.com` },
      });
      carts.push(c.cartCreate.id);
    }
    const results = await Promise.all(
      carts.map((id) => sf.gql(shopper, `mutation { checkoutComplete(cartId: "${id}") { id } }`)),
    );
    const won = results.filter((r) => !r.body.errors);
    const lost = results.filter((r) => r.body.errors);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].body.errors[0].extensions).toMatchObject({
      code: 'OUT_OF_STOCK',
      productIds: [p.id],
      variantIds: [small.id],
    });
    const after = await read(p.id);
    expect(nodes(after).map((v: any) => v.inventory)).toEqual([0, 5]);
    expect(after.inventory).toBe(5);

    // Cancelling puts the unit back on the variant.
    const orderId = won[0].body.data.checkoutComplete.id;
    const cancel = await t.post(`/v1/user/stores/${storeId}/orders/${orderId}/cancel`, {}, { token: owner });
    expect(cancel.status).toBe(200);
    expect(nodes(await read(p.id)).map((v: any) => v.inventory)).toEqual([1, 5]);
  });

  it("parallel orders over two products' variants, lines in opposite orders, with variant writes racing: no deadlock, no variant oversold", async () => {
    // An order locks its lines' products in id order before their variants; a variant write locks the
    // product first too. Twelve orders of two units (one variant of each product) against stocks of 5, and
    // stock writes of the other variants at the same time.
    const two = async (handle: string) => {
      const p = (
        await create({
          handle,
          title: handle,
          options: [{ name: 'Size', values: ['S', 'M'] }],
          variants: [
            { selectedOptions: [{ name: 'Size', value: 'S' }], price: '1', inventory: 5 },
            { selectedOptions: [{ name: 'Size', value: 'M' }], price: '1', inventory: 50 },
          ],
        })
      ).body.data.productCreate;
      const [small, medium] = nodes(p) as { id: string }[];
      return { product: p.id as string, small, medium };
    };
    const { product: xProduct, small: xs, medium: xm } = await two('cross-x');
    const { product: yProduct, small: ys, medium: ym } = await two('cross-y');
    const orderOf = (lines: { variantId: string; quantity: number }[]) =>
      sf.gql(app, `mutation($i: OrderCreateInput!) { orderCreate(input: $i) { id } }`, {
        i: { customerEmail: 'cross@example.com', lines },
      });
    const x = { variantId: xs.id, quantity: 1 };
    const y = { variantId: ys.id, quantity: 1 };
    const results = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => orderOf(i % 2 ? [x, y] : [y, x])),
      ...Array.from({ length: 4 }, (_, i) =>
        variantsUpdate(i % 2 ? xProduct : yProduct, [{ id: (i % 2 ? xm : ym).id, inventory: 40 + i }]),
      ),
    ]);
    const codes = results.map((r) => (r.body.errors ? r.body.errors[0].extensions.code : 'ok'));
    expect(codes.slice(12)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(codes.slice(0, 12).filter((c) => c === 'ok')).toHaveLength(5);
    expect(codes.filter((c) => c !== 'ok' && c !== 'OUT_OF_STOCK')).toEqual([]);
    for (const [product, small] of [
      [xProduct, xs],
      [yProduct, ys],
    ] as const) {
      const after = await read(product);
      const stock = new Map(nodes(after).map((v: any) => [v.id, v.inventory]));
      expect(stock.get(small.id)).toBe(0);
      // The product's total follows its variants, whoever wrote last.
      expect(after.inventory).toBe([...stock.values()].reduce((a: number, b: any) => a + b, 0));
    }
  });

  it("a checkout's hold that runs out puts the units back on their variant", async () => {
    const p = (
      await create({
        handle: 'held',
        title: 'Held',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { selectedOptions: [{ name: 'Size', value: 'S' }], price: '5', inventory: 4 },
          { selectedOptions: [{ name: 'Size', value: 'M' }], price: '5', inventory: 2 },
        ],
      })
    ).body.data.productCreate;
    const [, medium] = nodes(p);
    const shopper = (await sf.publicToken(owner, storeId, ['products:read', 'cart:write'])).token;
    const cart = await sf.data(shopper, `mutation($i: CartInput) { cartCreate(input: $i) { id } }`, {
      i: { lines: [{ variantId: medium.id, quantity: 2 }], buyerEmail: 'hold@example.com' },
    });
    const held = (
      await sf.data(shopper, `mutation { checkoutComplete(cartId: "${cart.cartCreate.id}") { id } }`)
    ).checkoutComplete.id;
    expect(nodes(await read(p.id)).map((v: any) => v.inventory)).toEqual([4, 0]);
    // As if its hold (ORDER_HOLD_TTL, 1,800 s by default) had run out; then one round of the hold expiry
    // (the service runs it every few seconds on a server, with the purge on the embedded database —
    // test/shoppers/paid-orders covers the schedule; this case is about the variant's units).
    await t.app
      .get(DataSource)
      .query(`UPDATE orders SET created_at = now() - interval '1801 seconds' WHERE id = $1`, [held]);
    await t.app.get(OrderHoldExpiry).expireOnce();
    const status = (await t.get(`/v1/user/stores/${storeId}/orders/${held}`, { token: owner })).body.status;
    expect(status).toBe('cancelled');
    expect(nodes(await read(p.id)).map((v: any) => v.inventory)).toEqual([4, 2]);
  });

  it('REST: product objects carry options and variants; variant routes; 404 variant_not_found; reason on 400', async () => {
    const base = `/v1/user/stores/${storeId}/products`;
    const made = await t.post(
      base,
      { ...TSHIRT, handle: 'rest-shirt', variants: TSHIRT.variants.map((v) => ({ ...v, sku: null })) },
      { token: owner },
    );
    expect(made.status).toBe(201);
    expect(made.body.options).toEqual(TSHIRT.options);
    expect(made.body.variants.map((v: any) => v.title)).toEqual(['S / Red', 'S / Blue', 'M / Red']);
    const id = made.body.id;
    const added = await t.post(
      `${base}/${id}/variants`,
      {
        selectedOptions: [
          { name: 'Size', value: 'M' },
          { name: 'Color', value: 'Blue' },
        ],
        price: '30.00',
        inventory: 2,
      },
      { token: owner },
    );
    expect(added.status).toBe(201);
    expect(added.body.variants).toHaveLength(4);
    const dup = await t.post(
      `${base}/${id}/variants`,
      {
        selectedOptions: [
          { name: 'Size', value: 'M' },
          { name: 'Color', value: 'Blue' },
        ],
        price: '30.00',
        inventory: 2,
      },
      { token: owner },
    );
    expect([dup.status, dup.body.code, dup.body.reason]).toEqual([
      400,
      'validation_failed',
      'duplicate_variant',
    ]);
    const variantId = added.body.variants[3].id;
    const put = await t.put(
      `${base}/${id}/variants/${variantId}`,
      { price: '31.00', sku: 'REST-1' },
      { token: owner },
    );
    expect(put.status).toBe(200);
    expect(put.body.variants[3]).toMatchObject({ price: { amount: '31.00' }, sku: 'REST-1' });
    const missing = await t.put(
      `${base}/${id}/variants/f0000000-0000-4000-8000-000000000000`,
      { price: '1' },
      { token: owner },
    );
    expect([missing.status, missing.body.code]).toEqual([404, 'variant_not_found']);
    const del = await t.delete(`${base}/${id}/variants/${variantId}`, { token: owner });
    expect(del.status).toBe(200);
    expect(del.body.variants).toHaveLength(3);
    // PUT renames options as productOptionsUpdate does; a price with too many decimals names its reason.
    const renamed = await t.put(
      `${base}/${id}`,
      { options: [{ name: 'Size', values: ['Small', 'M'] }, TSHIRT.options[1]] },
      { token: owner },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.variants.map((v: any) => v.title)).toEqual([
      'Small / Red',
      'Small / Blue',
      'M / Red',
    ]);
    const precise = await t.put(
      `${base}/${id}/variants/${renamed.body.variants[0].id}`,
      { price: '1.001' },
      { token: owner },
    );
    expect([precise.status, precise.body.code, precise.body.reason]).toEqual([
      400,
      'validation_failed',
      'amount_precision',
    ]);
    const restore = await t.put(`${base}/${id}`, { options: TSHIRT.options }, { token: owner });
    expect(restore.status).toBe(200);
    const got = await t.get(`${base}/${id}`, { token: owner });
    expect(got.body.variants.map((v: any) => v.title)).toEqual(['S / Red', 'S / Blue', 'M / Red']);
    const list = await t.get(base, { token: owner });
    expect(list.body.data.find((p: any) => p.id === id).options).toEqual(TSHIRT.options);
    const plain = await t.post(
      base,
      { handle: 'rest-plain', title: 'Plain', price: '1.00', inventory: 1 },
      { token: owner },
    );
    expect(plain.body.variants).toEqual([
      expect.objectContaining({ title: 'Default Title', selectedOptions: [] }),
    ]);
  });

  it('a storefront ETag changes after variant writes, through the API and in SQL written by hand', async () => {
    const shopper = (await sf.publicToken(owner, storeId, ['products:read'])).token;
    const query =
      '{ products(first: 50) { edges { node { id variants(first: 5) { edges { node { price { amount } inventory } } } } } } }';
    const get = (headers: Record<string, string> = {}) =>
      rawRequest(t.baseUrl, 'GET', `${GRAPHQL}?query=${encodeURIComponent(query)}`, {
        authorization: `Bearer ${shopper}`,
        ...headers,
      });
    const p = (await create({ handle: 'etag', title: 'ETag', price: '1.00', inventory: 1 })).body.data
      .productCreate;
    const [variant] = nodes(p);
    const db = t.app.get(DataSource);
    const changes: (() => Promise<unknown>)[] = [
      () => variantsUpdate(p.id, [{ id: variant.id, inventory: 3 }]),
      () => db.query(`UPDATE product_variants SET inventory = inventory + 1 WHERE id = $1`, [variant.id]),
      () => db.query(`UPDATE product_option_values SET value = value WHERE store_id = $1`, [storeId]),
      () => db.query(`UPDATE product_options SET name = name WHERE store_id = $1`, [storeId]),
    ];
    for (const change of changes) {
      const etag = String((await get()).headers.etag);
      expect((await get({ 'if-none-match': etag })).status).toBe(304);
      await change();
      expect((await get({ 'if-none-match': etag })).status).toBe(200);
    }
  });

  it('loads the variants of a page of products in one query per level (no N+1)', async () => {
    const q = `query($n: Int) { products(first: $n) { edges { node { id options { name } priceRange { min { amount } }
      variants(first: 10) { edges { node { title } } } } } } }`;
    const count = async (n: number) => {
      const { statements } = await recordSql(async () => {
        const data = await sf.data(app, q, { n });
        expect(data.products.edges.length).toBeGreaterThan(0);
      });
      return statements.length;
    };
    expect(await count(20)).toBe(await count(2));
  });
});
