import type { ApolloServerPlugin } from '@apollo/server';
import { FragmentDefinitionNode, GraphQLError, Kind } from 'graphql';
import { jsonBodyProblem } from '@app/core';
import type { StorefrontContext } from '../storefront.context';
import { analyzeOperation, QUERY_LIMITS, QueryAnalysis, QueryTooDeeplyNested } from './query-limits';

const tooComplex = (message: string, extensions: Record<string, unknown> = {}) =>
  new GraphQLError(message, {
    extensions: { ...extensions, code: 'QUERY_TOO_COMPLEX', http: { status: 400 } },
  });

/** Throws the refusal for an analysed operation over a limit, or returns. */
export function enforceLimits(analysis: QueryAnalysis, limits = QUERY_LIMITS): void {
  if (analysis.badFirst.length) {
    throw new GraphQLError(`first must be between 0 and ${limits.maxFirst} (got ${analysis.badFirst[0]}).`, {
      extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
    });
  }
  if (analysis.depth > limits.maxDepth) {
    throw tooComplex(`The query is ${analysis.depth} levels deep; the limit is ${limits.maxDepth}.`, {
      depth: analysis.depth,
      maxDepth: limits.maxDepth,
    });
  }
  if (analysis.aliases > limits.maxAliases) {
    throw tooComplex(`The query has ${analysis.aliases} aliases; the limit is ${limits.maxAliases}.`, {
      aliases: analysis.aliases,
      maxAliases: limits.maxAliases,
    });
  }
  if (analysis.schemaFields > limits.maxSchemaFields) {
    throw tooComplex(`The query selects __schema ${analysis.schemaFields} times; the limit is one.`, {
      schemaFields: analysis.schemaFields,
    });
  }
  if (analysis.cost > limits.maxCost) {
    throw tooComplex(`The query costs ${analysis.cost}; the limit is ${limits.maxCost}.`, {
      cost: analysis.cost,
      maxCost: limits.maxCost,
    });
  }
}

/**
 * Depth, aliases, cost and `first`, measured on the operation that will run, with its variables, after
 * validation and before execution — so a query over a limit is refused before any resolver runs. The
 * requested cost is reported in every response Apollo sends as `extensions.cost` (the 401/403 the HTTP
 * hook answers before the body is read keep the bare `{ errors }` shape).
 */
export function queryLimitsPlugin(limits = QUERY_LIMITS): ApolloServerPlugin<StorefrontContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation(requestContext) {
          const { operation, document, schema, request, contextValue } = requestContext;
          if (!operation) return;
          // A POST body was checked at the JSON edge; GET carries its variables as JSON in the query
          // string, parsed by Apollo: the same rules (well-formed text, 32 levels) apply to both.
          const problem = jsonBodyProblem(request.variables ?? null);
          if (problem) {
            throw new GraphQLError(`variables.${problem.field} ${problem.message}.`, {
              extensions: {
                code: 'BAD_USER_INPUT',
                http: { status: 400 },
                fields: [{ ...problem, field: `variables.${problem.field}` }],
              },
            });
          }
          const fragments: Record<string, FragmentDefinitionNode> = {};
          for (const definition of document.definitions) {
            if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
          }
          let analysis: QueryAnalysis;
          try {
            analysis = analyzeOperation(schema, operation, fragments, request.variables, limits.maxFirst);
          } catch (error) {
            if (error instanceof QueryTooDeeplyNested) throw tooComplex('The query is nested too deeply.');
            throw error;
          }
          contextValue.cost = analysis.cost;
          enforceLimits(analysis, limits);
        },
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single') return;
          // On every answer, refusals included. A document that never reached the analysis (it did not
          // parse or validate) requested nothing: 0.
          response.body.singleResult.extensions = {
            ...response.body.singleResult.extensions,
            cost: { requestedQueryCost: contextValue?.cost ?? 0, maximumAvailable: limits.maxCost },
          };
        },
      };
    },
  };
}
