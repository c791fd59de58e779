import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLSchema,
} from 'graphql';
import { buildAppSchema } from '../../app/graphql-schema.js';

/**
 * The schema documents itself (issue 8 item 2): every type, field, argument and enum value an
 * integrator sees in schema/schema.graphql has a description; a deprecation gives its reason.
 * Introspection types and the built-in scalars are GraphQL's own and are skipped.
 */
const described = (d: string | null | undefined) => typeof d === 'string' && d.trim().length > 0;

function undocumented(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const args = (owner: string, list: readonly GraphQLArgument[]) => {
    for (const a of list) {
      if (!described(a.description)) missing.push(`argument ${owner}(${a.name})`);
      if (a.deprecationReason !== undefined && a.deprecationReason !== null && !described(a.deprecationReason))
        missing.push(`deprecation reason of ${owner}(${a.name})`);
    }
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    if (!described(type.description)) missing.push(`type ${type.name}`);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        const name = `${type.name}.${field.name}`;
        if (!described(field.description)) missing.push(`field ${name}`);
        if (field.deprecationReason !== undefined && field.deprecationReason !== null && !described(field.deprecationReason))
          missing.push(`deprecation reason of ${name}`);
        if ('args' in field) args(name, field.args);
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (!described(value.description)) missing.push(`enum value ${type.name}.${value.name}`);
        if (value.deprecationReason !== undefined && value.deprecationReason !== null && !described(value.deprecationReason))
          missing.push(`deprecation reason of ${type.name}.${value.name}`);
      }
    }
    if (isUnionType(type)) continue;
  }
  return missing;
}

describe('the GraphQL schema documents itself', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildAppSchema(null);
  });

  it('has a description on every type, field, argument and enum value', () => {
    expect(undocumented(schema)).toEqual([]);
  });

  it('finds what is missing (the check itself can fail)', async () => {
    const { buildSchema } = await import('graphql');
    const bare = buildSchema(`"""Q"""\ntype Query { """f""" a(x: Int): E  b: Int }\n"""E"""\nenum E { """one""" ONE TWO }\ntype Lost { c: Int }`);
    expect(undocumented(bare).sort()).toEqual(['argument Query.a(x)', 'enum value E.TWO', 'field Lost.c', 'field Query.b', 'type Lost'].sort());
  });
});
