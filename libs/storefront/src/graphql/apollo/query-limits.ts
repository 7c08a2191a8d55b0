import {
  FieldNode,
  FragmentDefinitionNode,
  getNamedType,
  getNullableType,
  GraphQLCompositeType,
  GraphQLField,
  GraphQLSchema,
  isCompositeType,
  isListType,
  Kind,
  OperationDefinitionNode,
  SelectionSetNode,
  ValueNode,
} from 'graphql';

/** The limits a query must stay within, checked before any resolver runs. */
export const QUERY_LIMITS = {
  maxDepth: 10,
  maxAliases: 30,
  maxCost: 5000,
  /** `first` of any connection: 0…100. */
  maxFirst: 100,
  /** At most one `__schema` per operation (introspection is free, so it is bounded by count instead). */
  maxSchemaFields: 1,
} as const;

/**
 * The longest a list field that is not a connection can be, for the cost: its selection is multiplied
 * by this. `Order.lines` is capped at creation (MAX_ORDER_LINES), `Cart.lines` at every change
 * (MAX_CART_LINES), the options lists at MAX_OPTIONS. A list of objects not named here is
 * priced at the connection maximum, so a new list field can never be free by omission.
 */
export const LIST_MAX_LENGTH: Record<string, number> = {
  'Order.lines': 100,
  'Cart.lines': 100,
  // (v1.4) At most 20 images a product (MAX_PRODUCT_IMAGES); `first` asks for fewer.
  'Product.images': 20,
  // (v1.4) MAX_OPTIONS: a product's options and a variant's selected options.
  'Product.options': 3,
  'ProductVariant.selectedOptions': 3,
};

/** Shopify's prices: an object 1; a connection 2 (itself and its page info) plus its items. */
const OBJECT_COST = 1;
const CONNECTION_COST = 2;

/** Past this nesting the document is refused outright, so a pathological query cannot exhaust the stack. */
const MAX_NESTING = 64;

export interface QueryAnalysis {
  /** Deepest chain of fields, not counting introspection fields (`__schema`, `__type`, `__typename`) or below. */
  depth: number;
  /** Aliased fields, fragments expanded as they will execute. */
  aliases: number;
  /**
   * Shopify's calculated query cost: scalar and enum fields 0, every object field 1, a connection 2 plus
   * `first` × its items (each `node` an object), a list of objects its maximum length × (1 + its
   * selection); introspection fields and everything below them are free.
   */
  cost: number;
  /** How many `__schema` fields the operation selects, fragments expanded. */
  schemaFields: number;
  /** `first` arguments outside 0…maxFirst, as written (after variables). */
  badFirst: number[];
}

export class QueryTooDeeplyNested extends Error {}

interface Summary {
  depth: number;
  aliases: number;
  cost: number;
  schemaFields: number;
}

const EMPTY: Summary = { depth: 0, aliases: 0, cost: 0, schemaFields: 0 };

/**
 * Measures one operation as it will execute: named fragments are expanded (each is measured once and
 * memoised — fragments cannot be cyclic after validation, so a "fragment bomb" costs linear time), inline
 * fragments are flattened (they add no depth), and a connection field — one that returns a `…Connection`
 * type and takes `first` — costs 2 plus `first` (from the literal, else the variable, else the variable's
 * default, else the argument's schema default) times its items' cost (see `pricing`). @skip/@include are
 * ignored: the cost is an upper bound. One pass over the document, whatever its shape.
 */
export function analyzeOperation(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown> | undefined,
  maxFirst: number = QUERY_LIMITS.maxFirst,
): QueryAnalysis {
  const variableDefaults = new Map<string, ValueNode>();
  for (const def of operation.variableDefinitions ?? []) {
    if (def.defaultValue) variableDefaults.set(def.variable.name.value, def.defaultValue);
  }
  const walk: Walk = {
    schema,
    fragments,
    variables,
    variableDefaults,
    maxFirst,
    badFirst: [],
    memo: new Map(),
  };
  const summary = measure(walk, operation.selectionSet, rootType(schema, operation), 0);
  return { ...summary, badFirst: walk.badFirst };
}

/** What one analysis reads (the document, its variables, the limit) and collects (bad `first`s, fragments). */
interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown> | undefined;
  variableDefaults: Map<string, ValueNode>;
  maxFirst: number;
  badFirst: number[];
  /** Each named fragment measured once. */
  memo: Map<string, Summary>;
}

type Arguments = readonly { name: { value: string }; value: ValueNode }[];

function rootType(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
): GraphQLCompositeType | undefined {
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  return root ?? undefined;
}

/** An integer argument as it will execute: the literal, else the variable, else the variable's default. */
function intValue(walk: Walk, node: ValueNode | undefined): number | undefined {
  if (!node) return undefined;
  if (node.kind === Kind.INT) return Number(node.value);
  if (node.kind === Kind.NULL) return undefined;
  if (node.kind === Kind.VARIABLE) {
    const name = node.name.value;
    const given = walk.variables?.[name];
    if (typeof given === 'number' && Number.isInteger(given)) return given;
    if (given === undefined) return intValue(walk, walk.variableDefaults.get(name));
  }
  return undefined;
}

/** `first` of a connection field: literal, else variable, else variable default, else schema default. */
function firstOf(walk: Walk, field: GraphQLField<unknown, unknown>, args: Arguments): number {
  const firstArg = field.args.find((a) => a.name === 'first');
  const written = intValue(walk, args.find((a) => a.name.value === 'first')?.value);
  const first =
    written ?? (typeof firstArg?.defaultValue === 'number' ? firstArg.defaultValue : walk.maxFirst);
  if (first < 0 || first > walk.maxFirst) {
    walk.badFirst.push(first);
    return Math.max(0, first);
  }
  return first;
}

/**
 * How a field turns the cost of its own selection into its cost (Shopify's calculated query cost):
 * - a scalar or enum field (or a list of them): 0;
 * - a connection field (returns `…Connection`, takes `first`): 2 + first × its selection. Inside it,
 *   `edges` and `pageInfo` are the connection's own wrappers, covered by the 2: they add nothing
 *   themselves, so `edges { node { … } }` costs one object (`node`, 1 + its selection) per item;
 * - a list of objects that is not a connection: its maximum length × (1 + its selection) — each item is
 *   an object; a list that takes `first` (`Product.images`) counts `first` items when that is fewer;
 * - any other object field: 1 + its selection.
 */
function pricing(
  walk: Walk,
  parent: GraphQLCompositeType | undefined,
  field: GraphQLField<unknown, unknown>,
  child: GraphQLCompositeType | undefined,
  args: Arguments,
): (inner: number) => number {
  if (!child) return () => 0;
  if (parent?.name.endsWith('Connection') && (field.name === 'edges' || field.name === 'pageInfo')) {
    return (inner) => inner;
  }
  if (child.name.endsWith('Connection') && field.args.some((a) => a.name === 'first')) {
    const first = firstOf(walk, field, args);
    return (inner) => CONNECTION_COST + first * inner;
  }
  if (isListType(getNullableType(field.type))) {
    const max = LIST_MAX_LENGTH[`${parent?.name}.${field.name}`] ?? walk.maxFirst;
    const length = field.args.some((a) => a.name === 'first')
      ? Math.min(firstOf(walk, field, args), max)
      : max;
    return (inner) => length * (OBJECT_COST + inner);
  }
  return (inner) => OBJECT_COST + inner;
}

/** A selection set's summary: the sum of its selections' (the deepest for depth). */
function measure(
  walk: Walk,
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType | undefined,
  nesting: number,
): Summary {
  if (nesting > MAX_NESTING) throw new QueryTooDeeplyNested();
  const total: Summary = { ...EMPTY };
  for (const selection of selectionSet.selections) {
    let sub: Summary;
    if (selection.kind === Kind.FIELD) {
      sub = measureField(walk, selection, parent, nesting);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition
        ? (walk.schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType | undefined)
        : parent;
      sub = measure(walk, selection.selectionSet, type, nesting + 1);
    } else {
      sub = measureFragment(walk, selection.name.value, nesting);
    }
    total.depth = Math.max(total.depth, sub.depth);
    total.aliases += sub.aliases;
    total.cost += sub.cost;
    total.schemaFields += sub.schemaFields;
  }
  return total;
}

function measureField(
  walk: Walk,
  selection: FieldNode,
  parent: GraphQLCompositeType | undefined,
  nesting: number,
): Summary {
  const name = selection.name.value;
  const introspection = name.startsWith('__');
  const fieldDef = parent && 'getFields' in parent ? parent.getFields()[name] : undefined;
  let childType: GraphQLCompositeType | undefined;
  let price: (inner: number) => number = () => 0;
  if (fieldDef) {
    const named = getNamedType(fieldDef.type);
    childType = isCompositeType(named) ? named : undefined;
    price = pricing(walk, parent, fieldDef, childType, selection.arguments ?? []);
  } else if (name === '__schema') {
    childType = walk.schema.getType('__Schema') as GraphQLCompositeType;
  } else if (name === '__type') {
    childType = walk.schema.getType('__Type') as GraphQLCompositeType;
  }
  const inner = selection.selectionSet
    ? measure(walk, selection.selectionSet, childType, nesting + 1)
    : EMPTY;
  return {
    depth: introspection ? 0 : 1 + inner.depth,
    // Aliases count as written: they duplicate fields in the query, whatever the page size.
    aliases: (selection.alias ? 1 : 0) + inner.aliases,
    // Introspection reads the in-memory schema, never the database: free, but counted below.
    cost: introspection ? 0 : price(inner.cost),
    schemaFields: (name === '__schema' ? 1 : 0) + inner.schemaFields,
  };
}

/** A named fragment's summary, measured the first time it is spread and remembered after. */
function measureFragment(walk: Walk, name: string, nesting: number): Summary {
  let known = walk.memo.get(name);
  if (!known) {
    const fragment = walk.fragments[name];
    known = fragment
      ? measure(
          walk,
          fragment.selectionSet,
          walk.schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined,
          nesting + 1,
        )
      : EMPTY;
    walk.memo.set(name, known);
  }
  return known;
}
