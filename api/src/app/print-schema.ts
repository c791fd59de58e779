import { lexicographicSortSchema, printSchema } from 'graphql';
import { buildAppSchema } from './graphql-schema.js';

const HEADER = '# GENERATED FILE: emitted from the type-graphql classes in api/src by `npm run schema:emit`. Do not edit.\n\n';

/** The SDL as committed in schema/schema.graphql (sorted, so diffs are stable). */
export async function printAppSchema(): Promise<string> {
  const schema = await buildAppSchema(null);
  return HEADER + printSchema(lexicographicSortSchema(schema)) + '\n';
}
