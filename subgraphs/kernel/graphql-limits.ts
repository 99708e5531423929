/**
 * Limits on what one GraphQL document may ask for, applied by every GraphQL entry (the gateway and
 * each subgraph server): aliases, depth, directives and cost through GraphQL Armor's validation
 * rules, tokens through graphql-js's own parser limit (it aborts while lexing, so a huge document
 * costs no more than the limit). Each refusal is a 400 before anything executes, with its own
 * `extensions.code`.
 */
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, type GraphQLFormattedError, type ValidationContext, type ValidationRule } from 'graphql';

/** The limits of one GraphQL entry (env: GRAPHQL_MAX_ALIASES, _DEPTH, _TOKENS, _DIRECTIVES, _COST). */
export interface GraphQLLimits {
  /** Aliased fields per operation (`__typename` aliases are free). */
  readonly maxAliases: number;
  /** Nesting of field selections (fragments flattened; introspection `__schema` not counted). */
  readonly maxDepth: number;
  /** Lexical tokens of the whole document (names, punctuation, values). */
  readonly maxTokens: number;
  /** Directives per operation. */
  readonly maxDirectives: number;
  /** GraphQL Armor's cost: 1 per scalar, 2 per object, times 1.5 per level of depth. */
  readonly maxCost: number;
}

/**
 * Defaults: every operation the REST facade, the authorization pages and the operator CLI send
 * measures at most half of each (a test walks them), and a client asking for more is asking for
 * more than any screen needs.
 */
export const DEFAULT_GRAPHQL_LIMITS: GraphQLLimits = {
  maxAliases: 30,
  maxDepth: 10,
  maxTokens: 2000,
  maxDirectives: 20,
  maxCost: 5000,
};

/** The `extensions.code` of each refusal. */
export enum GraphQLLimitCode {
  Aliases = 'MAX_ALIASES_EXCEEDED',
  Depth = 'MAX_DEPTH_EXCEEDED',
  Tokens = 'MAX_TOKENS_EXCEEDED',
  Directives = 'MAX_DIRECTIVES_EXCEEDED',
  Cost = 'MAX_COST_EXCEEDED',
}

/** Every limit code; the error masking lets them through as client errors. */
export const GRAPHQL_LIMIT_CODES: readonly string[] = Object.values(GraphQLLimitCode);

/** A document over one limit. Apollo Server re-codes validation errors, so the code is restored on the way out. */
export class GraphQLLimitError extends GraphQLError {
  constructor(
    readonly limitCode: GraphQLLimitCode,
    message: string,
    readonly limit: number,
  ) {
    super(message, { extensions: { code: limitCode, reason: limitCode.toLowerCase(), limit } });
  }
}

/** Armor reports "Syntax Error: <what>"; the refusal reads better without the misleading prefix. */
function reporter(code: GraphQLLimitCode, limit: number) {
  return (context: ValidationContext | null, error: GraphQLError): void => {
    context?.reportError(new GraphQLLimitError(code, error.message.replace(/^Syntax Error: /, ''), limit));
  };
}

/** Armor's rules for `limits`, reporting (not throwing: a throw would escape Apollo's validation step). */
export function limitValidationRules(limits: GraphQLLimits): ValidationRule[] {
  const common = { propagateOnRejection: false, exposeLimits: true } as const;
  return [
    maxAliasesRule({
      ...common,
      n: limits.maxAliases,
      onReject: [reporter(GraphQLLimitCode.Aliases, limits.maxAliases)],
    }),
    maxDepthRule({
      ...common,
      n: limits.maxDepth,
      flattenFragments: true,
      onReject: [reporter(GraphQLLimitCode.Depth, limits.maxDepth)],
    }),
    maxDirectivesRule({
      ...common,
      n: limits.maxDirectives,
      onReject: [reporter(GraphQLLimitCode.Directives, limits.maxDirectives)],
    }),
    costLimitRule({
      ...common,
      maxCost: limits.maxCost,
      flattenFragments: true,
      onReject: [reporter(GraphQLLimitCode.Cost, limits.maxCost)],
    }),
  ] as ValidationRule[];
}

/**
 * What a subgraph server allows: the gateway's limits, with room for what the query planner adds to
 * a client's operation (`__typename` and key fields, the `_entities` wrapper and its variable).
 */
export function subgraphLimits(limits: GraphQLLimits): GraphQLLimits {
  return { ...limits, maxTokens: limits.maxTokens * 2, maxCost: limits.maxCost * 2, maxDepth: limits.maxDepth + 1 };
}

/**
 * The Apollo Server options that apply `limits`: the validation rules, the parser's token limit and,
 * in production, no schema details (field suggestions) in error messages.
 */
export function limitServerOptions(limits: GraphQLLimits, nodeEnv: string) {
  return {
    validationRules: limitValidationRules(limits),
    parseOptions: { maxTokens: limits.maxTokens },
    hideSchemaDetailsFromClientErrors: nodeEnv === 'production',
  };
}

// graphql-js 16 words it "more that N tokens" (sic); both spellings are read.
const TOKEN_LIMIT_MESSAGE = /^Syntax Error: Document contains more tha[nt] (\d+) tokens/;

/**
 * Gives a limit refusal its own code back (Apollo Server codes every validation error
 * GRAPHQL_VALIDATION_FAILED and every parse error GRAPHQL_PARSE_FAILED). Other errors pass unchanged.
 */
export function formatLimitError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? error.originalError : undefined;
  if (original instanceof GraphQLLimitError) {
    return { ...formatted, extensions: { ...formatted.extensions, ...original.extensions } };
  }
  const tokens = TOKEN_LIMIT_MESSAGE.exec(formatted.message);
  if (tokens && formatted.extensions?.code === 'GRAPHQL_PARSE_FAILED') {
    const code = GraphQLLimitCode.Tokens;
    return {
      message: `Token limit of ${tokens[1]} exceeded.`,
      extensions: { ...formatted.extensions, code, reason: code.toLowerCase(), limit: Number(tokens[1]) },
    };
  }
  return formatted;
}
