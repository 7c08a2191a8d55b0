import { applyDecorators } from '@nestjs/common';
import {
  Mutation,
  MutationOptions,
  Query,
  QueryOptions,
  ResolveField,
  ResolveFieldOptions,
  ReturnTypeFunc,
} from '@nestjs/graphql';
import { RequireScope, ScopeRule, scopeSentence } from '@app/core';

/**
 * How a storefront field states its access: the scope it needs, checked by the global guard before the
 * resolver runs (in the spirit of Vendure's @Allow), and the schema description around the "Scope: …"
 * sentence derived from that same rule, so the two can never disagree.
 */
export interface ScopedOptions {
  scope: ScopeRule;
  /** What the field does, before the scope sentence. */
  description?: string;
  /** What follows the scope sentence (e.g. the write limit of the cart mutations). */
  then?: string;
}

type Without<O> = Omit<O, 'description'>;

/** The field decorator given its options with the derived description, under @RequireScope. */
function scoped<O>(
  { scope, description, then, ...options }: ScopedOptions & Without<O>,
  field: (options: Without<O> & { description: string }) => MethodDecorator,
) {
  const sentence = [description, scopeSentence(scope), then].filter((part) => part !== undefined).join(' ');
  return applyDecorators(RequireScope(scope), field({ ...(options as Without<O>), description: sentence }));
}

/** @Query with its scope and the derived description. */
export const ScopedQuery = (typeFunc: ReturnTypeFunc, options: ScopedOptions & Without<QueryOptions>) =>
  scoped(options, (o) => Query(typeFunc, o));

/** @Mutation with its scope and the derived description. */
export const ScopedMutation = (typeFunc: ReturnTypeFunc, options: ScopedOptions & Without<MutationOptions>) =>
  scoped(options, (o) => Mutation(typeFunc, o));

/** @ResolveField with its scope (checked for every parent) and the derived description. */
export const ScopedField = (
  name: string,
  typeFunc: ReturnTypeFunc,
  options: ScopedOptions & Without<ResolveFieldOptions>,
) => scoped(options, (o) => ResolveField(name, typeFunc, o));
