import {
  buildSchema,
  FragmentDefinitionNode,
  getIntrospectionQuery,
  Kind,
  OperationDefinitionNode,
  parse,
} from 'graphql';
import { enforceLimits } from './plugins';
import { analyzeOperation, QUERY_LIMITS } from './query-limits';

const schema = buildSchema(`
  type Query {
    store: Store!
    products(first: Int = 20, after: String, query: String): ProductConnection!
    product(id: ID, handle: String): Product
    orders(first: Int = 20, after: String): OrderConnection!
  }
  type Order { id: ID! lines: [OrderLine!]! }
  type OrderLine { product: Product! quantity: Int! }
  type OrderConnection { edges: [OrderEdge!]! pageInfo: PageInfo! }
  type OrderEdge { cursor: String! node: Order! }
  type Mutation { productDelete(id: ID!): ID! }
  type Store { id: ID! name: String! products(first: Int = 20, after: String): ProductConnection! }
  type Product { id: ID! title: String! price: Money! store: Store! }
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
  it("costs each field 1 and multiplies a connection's selection by its first", () => {
    expect(analyze('{ store { id name } }').cost).toBe(3);
    // products: 1 + 20 × (edges 1 + node (1 + id + title))
    expect(analyze('{ products(first: 20) { edges { node { id title } } } }').cost).toBe(81);
    // the schema default of first (20) applies when it is not given
    expect(analyze('{ products { edges { node { id title } } } }').cost).toBe(81);
    // nested connections multiply: 1 + 10 × (1 + (1 + (1 + 5 × (1 + 1 + 1))))
    expect(
      analyze(
        '{ products(first: 10) { edges { node { store { products(first: 5) { edges { cursor } } } } } } }',
      ).cost,
    ).toBe(1 + 10 * (1 + 1 + 1 + (1 + 5 * (1 + 1))));
    expect(analyze('{ products(first: 0) { pageInfo { hasNextPage } } }').cost).toBe(1);
  });

  it('takes first from variables, then variable defaults, then the schema default', () => {
    const q = 'query($n: Int) { products(first: $n) { edges { cursor } } }';
    expect(analyze(q, { n: 50 }).cost).toBe(1 + 50 * 2);
    expect(analyze(q, {}).cost).toBe(1 + 20 * 2);
    expect(analyze('query($n: Int = 7) { products(first: $n) { edges { cursor } } }', {}).cost).toBe(
      1 + 7 * 2,
    );
    expect(analyze(q, { n: 1000 }).badFirst).toEqual([1000]);
    expect(analyze(q, { n: -1 }).badFirst).toEqual([-1]);
  });

  it('expands fragments as they execute, measuring each fragment once', () => {
    const q = `
      query { products(first: 2) { edges { node { ...P ...P } } } }
      fragment P on Product { id price { ...M } }
      fragment M on Money { amount currencyCode }`;
    // node: 1 + 2 × (id 1 + price 3) = 9 → edges 10 → products 1 + 2 × 10
    expect(analyze(q).cost).toBe(21);
    // a "fragment bomb" (each fragment spreads the previous one twice) is measured in linear time
    let bomb = 'fragment F0 on Product { id }';
    for (let i = 1; i <= 40; i++) bomb += `\nfragment F${i} on Product { ...F${i - 1} ...F${i - 1} }`;
    const started = Date.now();
    const result = analyze(`{ product(id: "1") { ...F40 } } ${bomb}`);
    expect(Date.now() - started).toBeLessThan(500);
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
    expect(analyze(q, undefined, 'Small').cost).toBe(2);
    expect(analyze(q, undefined, 'Big').cost).toBe(1 + 100 * 4);
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
    // 1 + 100 × (1 + (1 + 48)) = 5001; with 47 fields: 4901
    const fields = (n: number) => Array.from({ length: n }, () => 'id').join(' ');
    expect(refusal(`{ products(first: 100) { edges { node { ${fields(48)} } } } }`)).toBe(
      'QUERY_TOO_COMPLEX',
    );
    expect(refusal(`{ products(first: 100) { edges { node { ${fields(47)} } } } }`)).toBeNull();
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
    // lines: 1 + 100 × (quantity 1)
    expect(analyze('{ orders(first: 1) { edges { node { lines { quantity } } } } }').cost).toBe(
      1 + 1 * (1 + (1 + (1 + 100 * 1))),
    );
    // The fan-out that ran ~10,000 SQL queries: orders × lines × a nested store's products.
    const fanOut = `{ orders(first: 100) { edges { node { lines { product { store {
      products(first: 1) { edges { node { id } } } } } } } } } }`;
    expect(analyze(fanOut).cost).toBeGreaterThan(QUERY_LIMITS.maxCost);
    expect(refusal(fanOut)).toBe('QUERY_TOO_COMPLEX');
    // Five aliased order lists, each small enough alone, add up past the limit.
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
