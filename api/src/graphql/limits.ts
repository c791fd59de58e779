import {
  GraphQLError,
  Kind,
  specifiedRules,
  validate,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * Query limits applied to HTTP (Apollo validationRules) and graphql-ws (custom validate) alike,
 * because graphql-ws does not run Apollo's rules or plugins.
 */
export const GRAPHQL_LIMITS = { maxDepth: 12, maxIntrospectionDepth: 20, maxAliases: 30, maxCost: 5000, maxListMultiplier: 200, maxTokens: 5000 } as const;

/**
 * Parser limits for both transports: a document of more tokens is refused before it is parsed
 * whole, so a huge or absurdly nested document costs little (the depth rule only runs after parsing).
 */
export const GRAPHQL_PARSE_OPTIONS = { maxTokens: GRAPHQL_LIMITS.maxTokens } as const;

const limitError = (message: string, node?: ASTNode) =>
  new GraphQLError(message, { nodes: node ? [node] : undefined, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });

function fragmentsOf(doc: DocumentNode): Map<string, FragmentDefinitionNode> {
  const m = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) m.set(d.name.value, d);
  return m;
}

/** Thrown to stop walking a document already known to be over the cost limit (fragment bombs). */
class OverCost extends Error {}

/**
 * Walks a selection set with fragments inlined; `visit` sees (alias?, depth, multiplier,
 * inside introspection?). Introspection subtrees (`__schema`, `__type`) have their own depth
 * limit: the standard introspection query is 15 deep, and it is bounded by the schema.
 */
function walk(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  depth: number,
  multiplier: number,
  visit: (fieldAlias: boolean, depth: number, multiplier: number, introspection: boolean) => void,
  seen: Set<string>,
  introspection: boolean,
): void {
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      // `first: N` multiplies the cost of everything below a connection.
      const firstArg = sel.arguments?.find((a) => a.name.value === 'first')?.value;
      const n = firstArg && firstArg.kind === Kind.INT ? Math.min(Number(firstArg.value), GRAPHQL_LIMITS.maxListMultiplier) : null;
      const inIntrospection = introspection || sel.name.value === '__schema' || sel.name.value === '__type';
      visit(Boolean(sel.alias), depth + 1, multiplier, inIntrospection);
      if (sel.selectionSet) walk(sel.selectionSet, fragments, depth + 1, multiplier * (n ?? 1), visit, seen, inIntrospection);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      walk(sel.selectionSet, fragments, depth, multiplier, visit, seen, introspection);
    } else {
      const name = sel.name.value;
      if (seen.has(name)) continue; // cycles are reported by graphql's NoFragmentCycles rule
      const f = fragments.get(name);
      if (f) walk(f.selectionSet, fragments, depth, multiplier, visit, new Set([...seen, name]), introspection);
    }
  }
}

export const queryLimitsRule: ValidationRule = (context: ValidationContext) => {
  const doc = context.getDocument();
  const fragments = fragmentsOf(doc);
  for (const def of doc.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    let maxDepth = 0;
    let introspectionDepth = 0;
    let aliases = 0;
    let cost = 0;
    try {
      walk(
        def.selectionSet,
        fragments,
        0,
        1,
        (alias, depth, multiplier, introspection) => {
          if (introspection) introspectionDepth = Math.max(introspectionDepth, depth);
          else maxDepth = Math.max(maxDepth, depth);
          if (alias) aliases++;
          cost += multiplier;
          if (cost > GRAPHQL_LIMITS.maxCost) throw new OverCost();
        },
        new Set(),
        false,
      );
    } catch (err) {
      if (!(err instanceof OverCost)) throw err;
    }
    if (introspectionDepth > GRAPHQL_LIMITS.maxIntrospectionDepth)
      context.reportError(
        limitError(`Introspection query is too deep: depth ${introspectionDepth} exceeds the limit of ${GRAPHQL_LIMITS.maxIntrospectionDepth}`, def),
      );
    if (maxDepth > GRAPHQL_LIMITS.maxDepth)
      context.reportError(limitError(`Query is too deep: depth ${maxDepth} exceeds the limit of ${GRAPHQL_LIMITS.maxDepth}`, def));
    if (aliases > GRAPHQL_LIMITS.maxAliases)
      context.reportError(limitError(`Query uses too many aliases: ${aliases} exceeds the limit of ${GRAPHQL_LIMITS.maxAliases}`, def));
    if (cost > GRAPHQL_LIMITS.maxCost)
      context.reportError(limitError(`Query is too expensive: cost ${cost} exceeds the limit of ${GRAPHQL_LIMITS.maxCost}`, def));
  }
  return {};
};

/** Refuses introspection where it is switched off (production), on graphql-ws too. */
export function noIntrospectionRule(enabled: boolean): ValidationRule {
  return (context) => ({
    Field(node) {
      if (!enabled && (node.name.value === '__schema' || node.name.value === '__type')) {
        context.reportError(limitError('GraphQL introspection is disabled on this server', node));
      }
    },
  });
}

export const extraRules = (introspection: boolean): ValidationRule[] => [queryLimitsRule, noIntrospectionRule(introspection)];

/** The validate function graphql-ws uses: graphql's rules plus ours. */
export function validateWithLimits(introspection: boolean) {
  return (schema: GraphQLSchema, doc: DocumentNode) => validate(schema, doc, [...specifiedRules, ...extraRules(introspection)]);
}
