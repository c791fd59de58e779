import type { ApolloServerPlugin } from '@apollo/server';
import {
  getNamedType,
  GraphQLError,
  isInterfaceType,
  isObjectType,
  Kind,
  specifiedRules,
  validate,
  visit,
  type ASTNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';

/**
 * Query limits applied to HTTP (Apollo validationRules) and graphql-ws (custom validate) alike,
 * because graphql-ws does not run Apollo's rules or plugins.
 */
export const GRAPHQL_LIMITS = {
  maxDepth: 12,
  maxIntrospectionDepth: 20,
  maxAliases: 30,
  maxCost: 5000,
  maxListMultiplier: 200,
  maxTokens: 5000,
  /**
   * Objects the unpaged lists of one operation may return, counted with their real bound (see
   * `ListBounds`): a 6,000-set project's page (sets and their files) fits; 30 aliases of a
   * 2,000-set project (240,000) do not.
   */
  maxListItems: 25_000,
} as const;

/**
 * Real bounds of the unpaged lists, by field name: `files` of a set (video, JPG, SRT), and
 * `fileSets` (of a project, an upload answer or a verification), at most the largest project of
 * the signed-in user (looked up per operation that selects it; see list-bounds.ts).
 */
export interface ListBounds {
  fileSets: number;
}
export const FILES_PER_SET = 3;
/**
 * What one `fileSetTrack` costs: it reads a whole .SRT (up to SRT_MAX_BYTES) on a track thread. Aliases
 * of one set share one read (a per-operation loader), so each distinct `fileSetId` (literal, or
 * variable) is weighed once: nine sets' tracks fit in the cost limit, ten do not.
 */
export const TRACK_FIELD_COST = 500;
function trackCost(sel: FieldNode, input: WalkInput): number {
  if (sel.name.value !== 'fileSetTrack') return 1;
  const v = sel.arguments?.find((a) => a.name.value === 'fileSetId')?.value;
  const given = v?.kind === Kind.VARIABLE ? input.variables?.[v.name.value] : undefined;
  const key = given !== undefined ? `=${String(given)}` : v?.kind === Kind.VARIABLE ? `$${v.name.value}` : v && 'value' in v ? `=${String(v.value)}` : '?';
  if (input.trackSets.has(key.toLowerCase())) return 1;
  input.trackSets.add(key.toLowerCase());
  return TRACK_FIELD_COST;
}
const unpagedBound = (field: string, bounds: ListBounds): number | null => (field === 'files' ? FILES_PER_SET : field === 'fileSets' ? bounds.fileSets : null);

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
 * What the walk needs besides the document: variable values (null: not known yet), list bounds
 * (null: not counted) and the schema, whose argument defaults count where an argument is left out.
 */
interface WalkInput {
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown> | null;
  defaults: Map<string, ValueNode>;
  bounds: ListBounds | null;
  schema: GraphQLSchema;
  /** The sets whose track is already weighed in this operation (see trackCost). */
  trackSets: Set<string>;
  visit: (fieldAlias: boolean, depth: number, multiplier: number, introspection: boolean, items: number) => void;
}

const listMultiplier = (n: number) => Math.min(Math.max(0, Math.trunc(n)), GRAPHQL_LIMITS.maxListMultiplier);

/** The schema's default of a field's argument (`projects(first: Int! = 50)`: 50), when it is a number. */
function schemaDefault(field: GraphQLField<unknown, unknown> | undefined, arg: string): number | null {
  const d = field?.args.find((a) => a.name === arg)?.defaultValue;
  return typeof d === 'number' && Number.isFinite(d) ? listMultiplier(d) : null;
}

/**
 * `first: N` as a number, as graphql will execute it: a literal; a variable's value (`first: $n`),
 * else its default in the operation; and when the argument is left out (or its variable is sent
 * without a value and has no default), the field's default in the schema (`projects`: 50). At
 * validation, before the variables are known, a variable without a default counts 1 (the check
 * with the variables follows). Null without a usable number.
 */
function firstOf(value: ValueNode | undefined, field: GraphQLField<unknown, unknown> | undefined, input: WalkInput): number | null {
  let v: ValueNode | undefined = value;
  if (v === undefined) return schemaDefault(field, 'first');
  if (v.kind === Kind.VARIABLE) {
    const name = v.name.value;
    const given = input.variables?.[name];
    if (typeof given === 'number' && Number.isFinite(given)) return listMultiplier(given);
    if (input.variables && given !== undefined && given !== null) return null; // not a number: graphql refuses it
    v = input.defaults.get(name);
    if (v === undefined && input.variables && given === undefined) return schemaDefault(field, 'first');
  }
  return v?.kind === Kind.INT ? listMultiplier(Number(v.value)) : null;
}

/** A field's definition in its parent type (null for meta fields and unknown names: graphql refuses those). */
function fieldDef(parent: GraphQLNamedType | null | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  return parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
}

/**
 * Walks a selection set with fragments inlined; `visit` sees (alias?, depth, multiplier,
 * inside introspection?, list items). Introspection subtrees (`__schema`, `__type`) have their own
 * depth limit: the standard introspection query is 15 deep, and it is bounded by the schema.
 * `multiplier` is the product of the `first` arguments above (the cost); `reach` also multiplies
 * by the real bound of each unpaged list above, and an unpaged list reports `reach x bound` items.
 */
function walk(
  set: SelectionSetNode,
  parent: GraphQLNamedType | null | undefined,
  input: WalkInput,
  depth: number,
  multiplier: number,
  reach: number,
  seen: Set<string>,
  introspection: boolean,
): void {
  const typeNamed = (name: string | undefined) => (name ? input.schema.getType(name) : parent);
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      const def = fieldDef(parent, sel.name.value);
      // `first: N` multiplies the cost of everything below a connection (the schema's default when left out).
      const n = firstOf(sel.arguments?.find((a) => a.name.value === 'first')?.value, def, input);
      const bound = input.bounds && sel.selectionSet ? unpagedBound(sel.name.value, input.bounds) : null;
      const inIntrospection = introspection || sel.name.value === '__schema' || sel.name.value === '__type';
      input.visit(Boolean(sel.alias), depth + 1, multiplier * trackCost(sel, input), inIntrospection, bound === null ? 0 : reach * bound);
      if (sel.selectionSet)
        walk(
          sel.selectionSet,
          def ? getNamedType(def.type) : null,
          input,
          depth + 1,
          multiplier * (n ?? 1),
          reach * (n ?? 1) * (bound ?? 1),
          seen,
          inIntrospection,
        );
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      walk(sel.selectionSet, typeNamed(sel.typeCondition?.name.value), input, depth, multiplier, reach, seen, introspection);
    } else {
      const name = sel.name.value;
      if (seen.has(name)) continue; // cycles are reported by graphql's NoFragmentCycles rule
      const f = input.fragments.get(name);
      if (f) walk(f.selectionSet, typeNamed(f.typeCondition.name.value), input, depth, multiplier, reach, new Set([...seen, name]), introspection);
    }
  }
}

/** The root type an operation starts from. */
function rootType(schema: GraphQLSchema, def: OperationDefinitionNode): GraphQLCompositeType | null | undefined {
  return def.operation === 'query' ? schema.getQueryType() : def.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
}

interface OperationFigures {
  depth: number;
  introspectionDepth: number;
  aliases: number;
  cost: number;
  items: number;
}

/** Depth, aliases, cost and unpaged list items of one operation (cost and items stop just past their limit). */
function measure(
  schema: GraphQLSchema,
  def: OperationDefinitionNode,
  frags: Map<string, FragmentDefinitionNode>,
  variables: Record<string, unknown> | null,
  bounds: ListBounds | null,
): OperationFigures {
  const f: OperationFigures = { depth: 0, introspectionDepth: 0, aliases: 0, cost: 0, items: 0 };
  const defaults = new Map<string, ValueNode>();
  for (const v of def.variableDefinitions ?? []) if (v.defaultValue) defaults.set(v.variable.name.value, v.defaultValue);
  try {
    walk(
      def.selectionSet,
      rootType(schema, def),
      {
        fragments: frags,
        variables,
        defaults,
        bounds,
        schema,
        trackSets: new Set(),
        visit: (alias, depth, multiplier, introspection, items) => {
          if (introspection) f.introspectionDepth = Math.max(f.introspectionDepth, depth);
          else f.depth = Math.max(f.depth, depth);
          if (alias) f.aliases++;
          f.cost += multiplier;
          f.items += items;
          if (f.cost > GRAPHQL_LIMITS.maxCost || f.items > GRAPHQL_LIMITS.maxListItems) throw new OverCost();
        },
      },
      0,
      1,
      1,
      new Set(),
      false,
    );
  } catch (err) {
    if (!(err instanceof OverCost)) throw err;
  }
  return f;
}

const costError = (cost: number, node?: ASTNode) => limitError(`Query is too expensive: cost ${cost} exceeds the limit of ${GRAPHQL_LIMITS.maxCost}`, node);
const itemsError = (items: number, node?: ASTNode) =>
  limitError(
    `Query asks for too many list items: more than ${GRAPHQL_LIMITS.maxListItems} file sets and files (about ${items}) in unpaged lists; ask for fewer projects or aliases`,
    node,
  );

/**
 * The checks that need the operation's variables and the user's list bounds, run once both are
 * known (HTTP: Apollo's didResolveOperation; graphql-ws: before execution): the cost with `first:
 * $n` counted at its value, and the unpaged lists at their real bound. Null when within limits.
 */
export function operationLimitError(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  bounds: ListBounds,
): GraphQLError | null {
  const def = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  if (!def) return null;
  const f = measure(schema, def, fragmentsOf(document), variables ?? {}, bounds);
  if (f.cost > GRAPHQL_LIMITS.maxCost) return costError(f.cost, def);
  if (f.items > GRAPHQL_LIMITS.maxListItems) return itemsError(f.items, def);
  return null;
}

/** True when the operation selects an unpaged list whose bound must be looked up. */
export function selectsFileSets(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === 'fileSets') found = true;
    },
  });
  return found;
}

/**
 * HTTP: the variable- and bound-dependent checks after Apollo has resolved the operation (its
 * validation is cached per document, so it cannot see variables). A refusal is a 400.
 */
export function operationLimitsPlugin<C>(boundsFor: (context: C, document: DocumentNode) => Promise<ListBounds>): ApolloServerPlugin<C & object> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, document, operationName, request, schema }) {
          const refused = operationLimitError(schema, document, operationName, request.variables, await boundsFor(contextValue, document));
          if (refused)
            throw new GraphQLError(refused.message, { nodes: refused.nodes, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } });
        },
      };
    },
  };
}

/**
 * Depth, aliases and cost with what the document and the schema say (Apollo caches this per
 * document): a left-out `first` counts at the schema's default, `first: $n` at the variable's
 * default, else 1, until operationLimitError sees the value.
 */
export const queryLimitsRule: ValidationRule = (context: ValidationContext) => {
  const doc = context.getDocument();
  const frags = fragmentsOf(doc);
  for (const def of doc.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const f = measure(context.getSchema(), def, frags, null, null);
    if (f.introspectionDepth > GRAPHQL_LIMITS.maxIntrospectionDepth)
      context.reportError(
        limitError(`Introspection query is too deep: depth ${f.introspectionDepth} exceeds the limit of ${GRAPHQL_LIMITS.maxIntrospectionDepth}`, def),
      );
    if (f.depth > GRAPHQL_LIMITS.maxDepth)
      context.reportError(limitError(`Query is too deep: depth ${f.depth} exceeds the limit of ${GRAPHQL_LIMITS.maxDepth}`, def));
    if (f.aliases > GRAPHQL_LIMITS.maxAliases)
      context.reportError(limitError(`Query uses too many aliases: ${f.aliases} exceeds the limit of ${GRAPHQL_LIMITS.maxAliases}`, def));
    if (f.cost > GRAPHQL_LIMITS.maxCost) context.reportError(costError(f.cost, def));
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
