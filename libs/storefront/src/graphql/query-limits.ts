import {
  FragmentDefinitionNode,
  getNamedType,
  GraphQLCompositeType,
  GraphQLField,
  GraphQLSchema,
  isCompositeType,
  Kind,
  OperationDefinitionNode,
  SelectionSetNode,
  ValueNode,
} from 'graphql';

/** Contract §7: the limits a query must stay within, checked before any resolver runs. */
export const QUERY_LIMITS = {
  maxDepth: 10,
  maxAliases: 30,
  maxCost: 5000,
  /** `first` of any connection: 0…100. */
  maxFirst: 100,
} as const;

/** Past this nesting the document is refused outright, so a pathological query cannot exhaust the stack. */
const MAX_NESTING = 64;

export interface QueryAnalysis {
  /** Deepest chain of fields, not counting introspection fields (`__schema`, `__type`, `__typename`) or below. */
  depth: number;
  /** Aliased fields, fragments expanded as they will execute. */
  aliases: number;
  /** Each field 1; a connection's selection is multiplied by its `first`. */
  cost: number;
  /** `first` arguments outside 0…maxFirst, as written (after variables). */
  badFirst: number[];
}

export class QueryTooDeeplyNested extends Error {}

interface Summary {
  depth: number;
  aliases: number;
  cost: number;
}

/**
 * Measures one operation as it will execute: named fragments are expanded (each is measured once and
 * memoised — fragments cannot be cyclic after validation, so a "fragment bomb" costs linear time), inline
 * fragments are flattened (they add no depth), and a connection field — one that returns a `…Connection`
 * type and takes `first` — multiplies the cost of its selection by `first` (from the literal, else the
 * variable, else the variable's default, else the argument's schema default). @skip/@include are ignored:
 * the cost is an upper bound.
 */
export function analyzeOperation(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown> | undefined,
  maxFirst: number = QUERY_LIMITS.maxFirst,
): QueryAnalysis {
  const badFirst: number[] = [];
  const memo = new Map<string, Summary>();
  const variableDefaults = new Map<string, ValueNode>();
  for (const def of operation.variableDefinitions ?? []) {
    if (def.defaultValue) variableDefaults.set(def.variable.name.value, def.defaultValue);
  }

  const intValue = (node: ValueNode | undefined): number | undefined => {
    if (!node) return undefined;
    if (node.kind === Kind.INT) return Number(node.value);
    if (node.kind === Kind.NULL) return undefined;
    if (node.kind === Kind.VARIABLE) {
      const name = node.name.value;
      const given = variables?.[name];
      if (typeof given === 'number' && Number.isInteger(given)) return given;
      if (given === undefined) return intValue(variableDefaults.get(name));
    }
    return undefined;
  };

  const multiplier = (
    field: GraphQLField<unknown, unknown>,
    args: readonly { name: { value: string }; value: ValueNode }[],
  ) => {
    const firstArg = field.args.find((a) => a.name === 'first');
    if (!firstArg || !getNamedType(field.type).name.endsWith('Connection')) return 1;
    const written = intValue(args.find((a) => a.name.value === 'first')?.value);
    const first = written ?? (typeof firstArg.defaultValue === 'number' ? firstArg.defaultValue : maxFirst);
    if (first < 0 || first > maxFirst) {
      badFirst.push(first);
      return Math.max(0, first);
    }
    return first;
  };

  const measure = (
    selectionSet: SelectionSetNode,
    parent: GraphQLCompositeType | undefined,
    nesting: number,
  ): Summary => {
    if (nesting > MAX_NESTING) throw new QueryTooDeeplyNested();
    const total: Summary = { depth: 0, aliases: 0, cost: 0 };
    for (const selection of selectionSet.selections) {
      let sub: Summary;
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const introspection = name.startsWith('__');
        const fieldDef = parent && 'getFields' in parent ? parent.getFields()[name] : undefined;
        let childType: GraphQLCompositeType | undefined;
        let times = 1;
        if (fieldDef) {
          const named = getNamedType(fieldDef.type);
          childType = isCompositeType(named) ? named : undefined;
          times = multiplier(fieldDef, selection.arguments ?? []);
        } else if (name === '__schema') {
          childType = schema.getType('__Schema') as GraphQLCompositeType;
        } else if (name === '__type') {
          childType = schema.getType('__Type') as GraphQLCompositeType;
        }
        const inner = selection.selectionSet
          ? measure(selection.selectionSet, childType, nesting + 1)
          : { depth: 0, aliases: 0, cost: 0 };
        sub = {
          depth: introspection ? 0 : 1 + inner.depth,
          // Aliases count as written: they duplicate fields in the query, whatever the page size.
          aliases: (selection.alias ? 1 : 0) + inner.aliases,
          cost: 1 + inner.cost * times,
        };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition
          ? (schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType | undefined)
          : parent;
        sub = measure(selection.selectionSet, type, nesting + 1);
      } else {
        const name = selection.name.value;
        let known = memo.get(name);
        if (!known) {
          const fragment = fragments[name];
          known = fragment
            ? measure(
                fragment.selectionSet,
                schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined,
                nesting + 1,
              )
            : { depth: 0, aliases: 0, cost: 0 };
          memo.set(name, known);
        }
        sub = known;
      }
      total.depth = Math.max(total.depth, sub.depth);
      total.aliases += sub.aliases;
      total.cost += sub.cost;
    }
    return total;
  };

  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  const summary = measure(operation.selectionSet, root ?? undefined, 0);
  return { ...summary, badFirst };
}
