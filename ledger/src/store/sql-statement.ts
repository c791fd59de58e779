import type pg from 'pg';

/** One parameterised SQL statement ($1, $2, … numbered from 1), its values, and the rows it must touch. */
export interface SqlStatement {
  text: string;
  values: unknown[];
  /** Rows the statement must insert or update; anything else means another writer got there first. */
  rows: number;
}

/**
 * Runs several writes as ONE statement, each a data-modifying CTE, so a batch costs one round trip
 * instead of one per table, and outside a transaction it commits them together too. Each part must
 * touch exactly its planned rows, or ledger_expect_rows fails the whole statement with a
 * serialization failure (see isWriteClash). Parameters are renumbered to follow each other; the
 * statement is prepared under a name made of the parts present (a handful of shapes, each planned
 * once). Foreign keys between the parts hold: their checks run at the end of the whole statement.
 */
export async function writeTogether(client: pg.ClientBase, parts: Record<string, SqlStatement | null>): Promise<void> {
  const present = Object.entries(parts).filter((entry): entry is [string, SqlStatement] => entry[1] !== null);
  if (present.length === 0) return;
  const values: unknown[] = [];
  const ctes = present.map(([name, part]) => {
    const offset = values.length;
    values.push(...part.values);
    const text = part.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    return `${name} AS (${text} RETURNING 1)`;
  });
  const guards = present.map(([name, part]) => {
    values.push(part.rows);
    return `ledger_expect_rows((SELECT count(*) FROM ${name}), $${values.length}::int8, '${name}')`;
  });
  await client.query({
    name: `ledger_write_${present.map(([name]) => name).join('_')}`,
    text: `WITH ${ctes.join(',\n')}\nSELECT ${guards.join(', ')}`,
    values,
  });
}
