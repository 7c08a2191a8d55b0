import {
  buildSchema,
  FragmentDefinitionNode,
  getIntrospectionQuery,
  Kind,
  OperationDefinitionNode,
  parse,
} from 'graphql';
import { enforceLimits } from './query-limits.plugin';
import { analyzeOperation, QUERY_LIMITS } from './query-limits';

const schema = buildSchema(`
  type Query {
    store: Store!
    products(first: Int = 20, after: String, query: String): ProductConnection!
    product(id: ID, handle: String): Product
    orders(first: Int = 20, after: String): OrderConnection!
  }
  type Order {
    id: ID! status: String! customerEmail: String! createdAt: String! total: Money! lines: [OrderLine!]!
  }
  type OrderLine { product: Product! quantity: Int! unitPrice: Money! lineTotal: Money! }
  type OrderConnection { edges: [OrderEdge!]! pageInfo: PageInfo! }
  type OrderEdge { cursor: String! node: Order! }
  type Mutation { productDelete(id: ID!): ID! }
  enum Visibility { LISTED HIDDEN }
  type Store {
    id: ID! name: String! socialLinks: [String!]! visibility: Visibility!
    products(first: Int = 20, after: String): ProductConnection!
  }
  type Product { id: ID! handle: String! title: String! price: Money! store: Store! }
  type Money { amount: String! currencyCode: String! }
  type ProductConnection { edges: [ProductEdge!]! pageInfo: PageInfo! }
  type ProductEdge { cursor: String! node: Product! }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
`);

function analyze(query: string, variables?: Record<string, unknown>, operationName?: string) {
  const document = parse(query);
  const fragments: Record<string, FragmentDefinitionNode> = {};
  const operations: OperationDefinitionNode[] = [];
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
    if (d.kind === Kind.OPERATION_DEFINITION) operations.push(d);
  }
  const operation = operationName ? operations.find((o) => o.name?.value === operationName)! : operations[0];
  return analyzeOperation(schema, operation, fragments, variables);
}

function refusal(query: string, variables?: Record<string, unknown>): string | null {
  try {
    enforceLimits(analyze(query, variables));
    return null;
  } catch (error) {
    return (error as { extensions: { code: string } }).extensions.code;
  }
}

const nest = (levels: number) => {
  // store { products { edges { node { store { products … } } } } }: 4 levels per round
  let inner = 'id';
  for (let i = 0; i < levels; i++) inner = `store { products(first: 1) { edges { node { ${inner} } } } }`;
  return inner;
};

describe('query limits', () => {
  it('prices as Shopify does: scalars and enums 0, objects 1, a connection 2 + first × its nodes', () => {
    // Shopify's documented example: the connection 2, ten products 1 each, title 0.
    expect(analyze('{ products(first: 10) { edges { node { title } } } }').cost).toBe(12);
    // store 1; id, name, a list of strings and an enum: 0
    expect(analyze('{ store { id name socialLinks visibility } }').cost).toBe(1);
    expect(analyze('{ store { __typename } }').cost).toBe(1);
    // products: 2 + 20 × (node 1 + price 1)
    expect(analyze('{ products(first: 20) { edges { node { id title price { amount } } } } }').cost).toBe(42);
    // the schema default of first (20) applies when it is not given
    expect(analyze('{ products { edges { node { id title } } } }').cost).toBe(22);
    // edges, cursor and pageInfo are the connection's own: without node, a page costs the connection's 2
    expect(
      analyze('{ products(first: 50) { edges { cursor } pageInfo { hasNextPage endCursor } } }').cost,
    ).toBe(2);
    expect(analyze('{ products(first: 0) { pageInfo { hasNextPage } } }').cost).toBe(2);
    // nested connections multiply: 2 + 10 × (node 1 + store 1 + (2 + 5 × (node 1 + price 1)))
    expect(
      analyze(
        '{ products(first: 10) { edges { node { store { products(first: 5) { edges { node { price { amount } } } } } } } } }',
      ).cost,
    ).toBe(2 + 10 * (1 + 1 + (2 + 5 * 2)));
    // two selections of edges under aliases are both paid for: 2 + 3 × (1 + 1)
    expect(analyze('{ products(first: 3) { a: edges { node { id } } b: edges { node { id } } } }').cost).toBe(
      8,
    );
    // a mutation field is an object field like any other: 1, or 0 when it returns a scalar
    expect(analyze('mutation { productDelete(id: "1") }').cost).toBe(0);
  });

  it("prices the SDK's order page: 2 + 20 × 402 = 8,042, over the limit; 12 orders (4,826) fit", () => {
    const page = (first: number) => `{ orders(first: ${first}) { edges { cursor node { id status customerEmail
      createdAt total { amount currencyCode } lines { quantity unitPrice { amount currencyCode }
      lineTotal { amount currencyCode } product { id handle title } } } } pageInfo { hasNextPage endCursor } } }`;
    // node 1 + total 1 + lines 100 × (line 1 + unitPrice 1 + lineTotal 1 + product 1) = 402
    expect(analyze(page(20)).cost).toBe(8042);
    expect(refusal(page(20))).toBe('QUERY_TOO_COMPLEX');
    expect(analyze(page(12)).cost).toBe(4826);
    expect(refusal(page(12))).toBeNull();
    expect(analyze(page(13)).cost).toBe(5228);
  });

  it('takes first from variables, then variable defaults, then the schema default', () => {
    const q = 'query($n: Int) { products(first: $n) { edges { node { id } } } }';
    expect(analyze(q, { n: 50 }).cost).toBe(2 + 50);
    expect(analyze(q, {}).cost).toBe(2 + 20);
    expect(analyze('query($n: Int = 7) { products(first: $n) { edges { node { id } } } }', {}).cost).toBe(
      2 + 7,
    );
    expect(analyze(q, { n: 1000 }).badFirst).toEqual([1000]);
    expect(analyze(q, { n: -1 }).badFirst).toEqual([-1]);
  });

  it('expands fragments as they execute, measuring each fragment once', () => {
    const q = `
      query { products(first: 2) { edges { node { ...P ...P } } } }
      fragment P on Product { id price { ...M } }
      fragment M on Money { amount currencyCode }`;
    // node: 1 + 2 × (price 1) = 3 → products 2 + 2 × 3
    expect(analyze(q).cost).toBe(8);
    // a "fragment bomb" (each fragment spreads the previous one twice) is measured in linear time
    let bomb = 'fragment F0 on Product { price { amount } }';
    for (let i = 1; i <= 40; i++) bomb += `\nfragment F${i} on Product { ...F${i - 1} ...F${i - 1} }`;
    const started = Date.now();
    const result = analyze(`{ product(id: "1") { ...F40 } } ${bomb}`);
    expect(Date.now() - started).toBeLessThan(500);
    expect(result.cost).toBe(1 + 2 ** 40);
    expect(result.cost).toBeGreaterThan(QUERY_LIMITS.maxCost);
  });

  it('counts depth without introspection fields, flattening fragments', () => {
    expect(analyze('{ store { id } }').depth).toBe(2);
    expect(analyze(`{ ${nest(2)} }`).depth).toBe(9);
    expect(
      analyze(
        '{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }',
      ).depth,
    ).toBe(0);
    expect(analyze('{ store { __typename id } }').depth).toBe(2);
    expect(analyze('query { ...Q } fragment Q on Query { store { ... on Store { id } } }').depth).toBe(2);
  });

  it('counts aliases, once each as written', () => {
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: id`).join(' ');
    expect(analyze(`{ store { ${aliases} } }`).aliases).toBe(31);
    expect(analyze('{ products(first: 50) { edges { node { x: id y: id } } } }').aliases).toBe(2);
  });

  it('measures only the operation that will run', () => {
    const q = `query Small { store { id } } query Big { products(first: 100) { edges { node { id title } } } }`;
    expect(analyze(q, undefined, 'Small').cost).toBe(1);
    expect(analyze(q, undefined, 'Big').cost).toBe(2 + 100);
  });

  it('refuses depth 11, 31 aliases and cost 5,001 with QUERY_TOO_COMPLEX, first 101 with BAD_USER_INPUT', () => {
    // depth 10 passes, 11 does not
    const ten =
      '{ store { products(first: 1) { edges { node { store { products(first: 1) { edges { node { price { amount } } } } } } } } } }';
    expect(analyze(ten).depth).toBe(10);
    expect(refusal(ten)).toBeNull();
    expect(refusal(`{ product(id: "1") {${ten.slice(1)} }`)).toBe('QUERY_TOO_COMPLEX');
    expect(
      refusal(`{ store { ${Array.from({ length: 30 }, (_, i) => `a${i}: id`).join(' ')} } }`),
    ).toBeNull();
    expect(refusal(`{ store { ${Array.from({ length: 31 }, (_, i) => `a${i}: id`).join(' ')} } }`)).toBe(
      'QUERY_TOO_COMPLEX',
    );
    // 2 + 98 × (node 1 + 50 × price 1) = 5,000; one more object (store) makes 5,001
    const prices = Array.from({ length: 50 }, () => 'price { amount }').join(' ');
    const atLimit = `products(first: 98) { edges { node { ${prices} } } }`;
    expect(analyze(`{ ${atLimit} }`).cost).toBe(5000);
    expect(refusal(`{ ${atLimit} }`)).toBeNull();
    expect(analyze(`{ ${atLimit} store { id } }`).cost).toBe(5001);
    expect(refusal(`{ ${atLimit} store { id } }`)).toBe('QUERY_TOO_COMPLEX');
    expect(refusal('{ products(first: 101) { edges { cursor } } }')).toBe('BAD_USER_INPUT');
    expect(refusal('{ products(first: 100) { edges { cursor } } }')).toBeNull();
  });

  it('lets the standard introspection query through, free, but only one __schema per operation', () => {
    const result = analyze(getIntrospectionQuery());
    expect(result.depth).toBe(0);
    expect(result.cost).toBe(0);
    expect(result.schemaFields).toBe(1);
    expect(refusal(getIntrospectionQuery())).toBeNull();
    expect(refusal('{ a: __schema { types { name } } b: __schema { types { name } } }')).toBe(
      'QUERY_TOO_COMPLEX',
    );
    expect(
      refusal(
        '{ ...S ...S2 } fragment S on Query { __schema { types { name } } } fragment S2 on Query { __schema { queryType { name } } }',
      ),
    ).toBe('QUERY_TOO_COMPLEX');
  });

  it('multiplies a list field that is not a connection by its maximum length (Order.lines: 100)', () => {
    // orders 2 + 1 × (node 1 + lines 100 × (line 1 + quantity 0))
    expect(analyze('{ orders(first: 1) { edges { node { lines { quantity } } } } }').cost).toBe(103);
    // a line's objects count for each of the 100: 100 × (line 1 + product 1 + price 1)
    expect(
      analyze('{ orders(first: 1) { edges { node { lines { product { price { amount } } } } } } }').cost,
    ).toBe(2 + 1 * (1 + 100 * 3));
    // The fan-out that ran ~10,000 SQL queries: orders × lines × a nested store's products.
    const fanOut = `{ orders(first: 100) { edges { node { lines { product { store {
      products(first: 1) { edges { node { id } } } } } } } } } }`;
    expect(analyze(fanOut).cost).toBeGreaterThan(QUERY_LIMITS.maxCost);
    expect(refusal(fanOut)).toBe('QUERY_TOO_COMPLEX');
    // Five aliased order lists, each small enough alone (2 + 10 × (1 + 100 × 2) = 2,012), add up past it.
    const one = (alias: string) =>
      `${alias}: orders(first: 10) { edges { node { lines { product { id title } } } } }`;
    expect(refusal(`{ ${one('a')} }`)).toBeNull();
    expect(refusal(`{ ${['a', 'b', 'c', 'd', 'e'].map(one).join(' ')} }`)).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses absurd nesting without exhausting the stack', () => {
    const deep = `{ ${'__schema { types { '.repeat(40)}name${' } }'.repeat(40)} }`;
    expect(() => analyze(deep)).toThrow();
  });
});
