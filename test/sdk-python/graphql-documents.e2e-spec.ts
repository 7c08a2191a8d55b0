import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildSchema,
  getVariableValues,
  GraphQLSchema,
  OperationDefinitionNode,
  parse,
  validate,
} from 'graphql';
import { expectSuccess, PYTHON, ROOT, run, SDK_PYTHON } from './python';

/**
 * The Python SDK's GraphQL documents against the committed schema (libs/storefront/schema.gql), field by
 * field. Its documents are written in Python (`_graphql.py`, with selections shared by f-strings), so
 * they are read the way they are sent: every public operation of the GraphQL namespaces (products,
 * orders, cart) and the free functions (store, checkout) is called once with a `run` that records the
 * document and the variables instead of sending them. Each document must pass graphql-js's `validate()`
 * (every field, argument and type exists, every variable is used as declared) and each call's variables
 * must be accepted by the operation's variable definitions (`getVariableValues`: input objects with no
 * unknown or missing field). An operation the recorder did not reach fails the test too, so a new one
 * cannot escape the check. The TypeScript SDK's documents are checked by test/sdk/types.e2e-spec.ts.
 */

const RECORDER = `
import inspect, json
from storefront_platform import _graphql as g

calls = []

def run(query, variables=None, *, idempotency_key=None, timeout=None):
    calls.append({'query': query, 'variables': variables})
    return {}

# A value for each parameter name the operations take (by name, so a new operation needs no entry
# unless it brings a new name); every optional one is given too, so its variable is checked as well.
VALUES = {
    'id': '00000000-0000-4000-8000-000000000001', 'cart_id': '00000000-0000-4000-8000-000000000002',
    'handle': 'green-tea', 'title': 'Green tea', 'description': 'Loose leaf', 'price': '9.50',
    'currency_code': 'USD', 'inventory': 3, 'first': 5, 'after': 'cursor', 'query': 'tea',
    'customer_email': 'buyer@example.com', 'buyer_email': 'buyer@example.com', 'email': 'buyer@example.com',
    'reason': 'changed mind',
    'lines': [{'product_id': '00000000-0000-4000-8000-000000000003', 'quantity': 2}],
    'product_ids': ['00000000-0000-4000-8000-000000000003'], 'expected_total': '19.00',
    'product_id': '00000000-0000-4000-8000-000000000003', 'image_id': '00000000-0000-4000-8000-000000000004',
    'alt_text': 'A cup of green tea', 'position': 0,
    'images': [{'media_id': '00000000-0000-4000-8000-000000000005', 'alt_text': 'Tea'}],
    'options': [{'name': 'Size', 'values': ['S', 'M']}],
    'variants': [{'selectedOptions': [{'name': 'Size', 'value': 'S'}], 'price': '9.50', 'inventory': 3}],
    'variant_ids': ['00000000-0000-4000-8000-000000000006'], 'payment_status': 'pending',
}
# Calls that cannot take every parameter at once (a product by exactly one of id and handle).
BY_ID_OR_HANDLE = [{'id': VALUES['id']}, {'handle': VALUES['handle']}]
# A variant's change names the variant and what changes, not its options.
VARIANT_CHANGES = [{'product_id': VALUES['product_id'], 'variants': [{'id': VALUES['variant_ids'][0], 'price': '8.00'}]}]
SPECIAL = {
    'StorefrontProducts.get': BY_ID_OR_HANDLE,
    'AppProducts.get': BY_ID_OR_HANDLE,
    'AppVariants.update': VARIANT_CHANGES,
}
SKIP = {'run', 'timeout', 'idempotency_key', 'self'}

def arguments(fn):
    return {n: VALUES[n] for n in inspect.signature(fn).parameters if n not in SKIP}

def call(name, fn, kwargs):
    before = len(calls)
    try:
        result = fn(**kwargs)
        if inspect.isgenerator(result):
            next(result)
    except Exception:
        pass  # the recorder answers {}: reading the answer may fail; the document is what counts
    return [dict(c, operation=name) for c in calls[before:]]

recorded, unreached = [], []
for cls in (g.StorefrontProducts, g.AppProducts, g.AppProductImages, g.AppVariants, g.AppOrders, g.StorefrontCart):
    namespace = cls(run, 'recorder')
    for name, _ in inspect.getmembers(cls, inspect.isfunction):
        if name.startswith('_'):
            continue
        fn = getattr(namespace, name)
        found = []
        operation = f'{cls.__name__}.{name}'
        for kwargs in SPECIAL.get(operation) or [arguments(fn)]:
            found += call(operation, fn, kwargs)
        (recorded.extend(found) if found else unreached.append(operation))

for name, fn in (('read_store', g.read_store), ('checkout', g.checkout)):
    kwargs = {n: (run if n == 'run' else VALUES.get(n)) for n in inspect.signature(fn).parameters}
    found = call(name, fn, kwargs)
    (recorded.extend(found) if found else unreached.append(name))

print(json.dumps({'calls': recorded, 'unreached': unreached}))
`;

interface Recorded {
  operation: string;
  query: string;
  variables: Record<string, unknown> | null;
}

describe("the Python SDK's GraphQL documents match schema.gql", () => {
  let schema: GraphQLSchema;
  let recorded: { calls: Recorded[]; unreached: string[] };

  beforeAll(async () => {
    schema = buildSchema(readFileSync(join(ROOT, 'libs/storefront/schema.gql'), 'utf8'));
    const result = expectSuccess(
      await run(PYTHON, ['-c', RECORDER], { env: { PYTHONPATH: join(SDK_PYTHON, 'src') } }),
      "recording the Python SDK's documents",
    );
    recorded = JSON.parse(result.stdout);
  });

  it('reaches every operation (a sanity check of the recorder itself)', () => {
    expect(recorded.unreached).toEqual([]);
    const operations = new Set(recorded.calls.map((c) => c.operation));
    for (const op of [
      'StorefrontProducts.list',
      'StorefrontProducts.iterate',
      'AppProducts.create',
      'AppProducts.update',
      'AppOrders.cancel',
      'StorefrontCart.set_buyer',
      'read_store',
      'checkout',
    ])
      expect(operations).toContain(op);
  });

  it('every document is valid against the schema, field by field', () => {
    const invalid = recorded.calls.flatMap(({ operation, query }) =>
      validate(schema, parse(query)).map((e) => `${operation}: ${e.message}`),
    );
    expect(invalid).toEqual([]);
  });

  it("every call's variables are what its operation declares (input objects included)", () => {
    const refused = recorded.calls.flatMap(({ operation, query, variables }) => {
      const definition = parse(query).definitions.find(
        (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
      )!;
      const coerced = getVariableValues(schema, definition.variableDefinitions ?? [], variables ?? {});
      return (coerced.errors ?? []).map((e) => `${operation}: ${e.message}`);
    });
    expect(refused).toEqual([]);
  });

  it('the check refuses a document that drifted (a field the schema does not have)', () => {
    const drifted = parse('query Products { products(first: 1) { edges { node { id sku } } } }');
    expect(validate(schema, drifted).map((e) => e.message)).toEqual([
      'Cannot query field "sku" on type "Product".',
    ]);
  });
});
