import { expect, it } from '@jest/globals';
import fs from 'node:fs';
import { InMemoryCache } from '@apollo/client';
import { parse } from 'graphql';
import { ENTITY_TYPES_WITH_ID, UNNORMALISED_TYPES, typePolicies } from './cache-policies';

const schema = fs.readFileSync(new URL('../../../schema/schema.graphql', import.meta.url), 'utf8');

it('decides for every schema type with an id whether Apollo may share it between queries', () => {
  const withId: string[] = [];
  let current: string | null = null;
  for (const line of schema.split('\n')) {
    const open = /^type (\w+)/.exec(line);
    if (open) current = open[1]!;
    else if (/^}/.test(line)) current = null;
    else if (current && /^ {2}id: /.test(line)) withId.push(current);
  }
  const decided = new Set<string>([...ENTITY_TYPES_WITH_ID, ...UNNORMALISED_TYPES]);
  expect(withId.filter((t) => !decided.has(t))).toEqual([]);
});

// parse(), not a gql tag: codegen reads gql tags as the app's operations.
const QUERY = parse(`
  query Sets {
    sets {
      id
      result {
        shotTypes {
          id
          label
          value
        }
      }
    }
  }
`);

it("keeps each set's shot types apart (one vocabulary id, a different value per set)", () => {
  const data = {
    sets: [
      {
        __typename: 'FileSet',
        id: 'a',
        result: { __typename: 'ProcessedResult', shotTypes: [{ __typename: 'ShotTypeFlag', id: 'aerial', label: 'Aerial', value: true }] },
      },
      {
        __typename: 'FileSet',
        id: 'b',
        result: { __typename: 'ProcessedResult', shotTypes: [{ __typename: 'ShotTypeFlag', id: 'aerial', label: 'Aerial', value: false }] },
      },
    ],
  };
  const values = (cache: InMemoryCache) => {
    cache.writeQuery({ query: QUERY, data });
    const read = cache.readQuery<typeof data>({ query: QUERY })!;
    return read.sets.map((s) => s.result.shotTypes[0]!.value);
  };
  expect(values(new InMemoryCache({ typePolicies }))).toEqual([true, false]);
  // Without the policy both sets read one shared entry: the bug this file prevents.
  const shared = values(new InMemoryCache());
  expect(shared[0]).toBe(shared[1]);
});
