import { ReferenceKind, type EntityProperty } from '@mikro-orm/core';
import pg from 'pg';
import { openDatabase, type Orm } from '../platform/db/database.js';
import { createTestDatabase } from '../../test/support/test-database.js';
import { entities, storeTables } from './entities.js';

/**
 * Entities and migrations are written separately; this guard migrates an empty database the way
 * openDatabase does and checks every mapped column of every entity against information_schema,
 * so a property the migrations do not create (or create with another type/nullability) fails here
 * instead of at the first query in production. The tables plain SQL stores own (no entity: one
 * persistence style per feature) are checked against the columns their stores declare
 * (platform/db/table-columns.ts), both ways.
 */

/** MikroORM column type (lower-cased, without length/precision) -> accepted PostgreSQL udt names. */
const UDT_BY_COLUMN_TYPE: Record<string, string[]> = {
  uuid: ['uuid'],
  text: ['text', 'varchar'],
  'character varying': ['varchar', 'text'],
  varchar: ['varchar', 'text'],
  int: ['int4'],
  integer: ['int4'],
  int4: ['int4'],
  smallint: ['int2'],
  bigint: ['int8'],
  int8: ['int8'],
  numeric: ['numeric'],
  decimal: ['numeric'],
  boolean: ['bool'],
  bool: ['bool'],
  timestamptz: ['timestamptz'],
  'timestamp with time zone': ['timestamptz'],
  timestamp: ['timestamp'],
  date: ['date'],
  jsonb: ['jsonb'],
  json: ['json'],
  bytea: ['bytea'],
  'text[]': ['_text'],
  double: ['float8'],
  'double precision': ['float8'],
  real: ['float4'],
};

function baseType(columnType: string): string {
  return columnType
    .toLowerCase()
    .replace(/\(.*\)/, '')
    .trim();
}

interface Column {
  udt: string;
  nullable: boolean;
}

describe("schema drift: MikroORM entities and SQL stores' declared tables against the migrated schema", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: Orm;
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ orm, pool } = await openDatabase(db.url, { entities, poolMax: 2 }));
  });

  afterAll(async () => {
    await orm?.close(true);
    await pool?.end();
    await db?.drop();
  });

  it('every mapped property has its table and column, with a compatible type and the same nullability', async () => {
    const { rows } = await pool.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string }>(
      `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const columns = new Map<string, Column>();
    for (const r of rows) columns.set(`${r.table_name}.${r.column_name}`, { udt: r.udt_name, nullable: r.is_nullable === 'YES' });

    const problems: string[] = [];
    let checked = 0;
    for (const meta of orm.getMetadata().getAll().values()) {
      if (meta.embeddable || meta.virtual || !meta.tableName) continue;
      for (const prop of Object.values(meta.properties) as EntityProperty[]) {
        // Collections and inverse sides of one-to-one have no column on this table.
        if (prop.persist === false || prop.kind === ReferenceKind.ONE_TO_MANY || prop.kind === ReferenceKind.MANY_TO_MANY) continue;
        if (prop.kind === ReferenceKind.ONE_TO_ONE && !prop.owner) continue;
        if (prop.kind === ReferenceKind.EMBEDDED || !prop.fieldNames?.length) continue;
        prop.fieldNames.forEach((field, i) => {
          checked++;
          const where = `${meta.className}.${prop.name} (${meta.tableName}.${field})`;
          const col = columns.get(`${meta.tableName}.${field}`);
          if (!col) {
            problems.push(`${where}: column missing in the migrated schema`);
            return;
          }
          const columnType = prop.columnTypes?.[i] ?? prop.columnTypes?.[0];
          if (columnType) {
            const accepted = UDT_BY_COLUMN_TYPE[baseType(columnType)];
            if (!accepted) problems.push(`${where}: unknown column type '${columnType}' (add it to the map), database has ${col.udt}`);
            else if (!accepted.includes(col.udt)) problems.push(`${where}: entity type '${columnType}' but database has ${col.udt}`);
          }
          const nullable = prop.nullable === true;
          if (nullable !== col.nullable) problems.push(`${where}: entity nullable=${nullable} but database is_nullable=${col.nullable ? 'YES' : 'NO'}`);
        });
      }
    }
    if (problems.length) console.error(`Schema drift:\n${problems.join('\n')}`);
    expect(checked).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it("every SQL store's declared table has exactly the declared columns, with their types and nullability", async () => {
    const { rows } = await pool.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string }>(
      `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const mapped = new Set([...orm.getMetadata().getAll().values()].map((m) => m.tableName));
    const problems: string[] = [];
    for (const { table, columns } of storeTables) {
      if (mapped.has(table)) problems.push(`${table}: declared by a SQL store and mapped by an entity (one persistence style per feature)`);
      const actual = new Map(rows.filter((r) => r.table_name === table).map((r) => [r.column_name, { udt: r.udt_name, nullable: r.is_nullable === 'YES' }]));
      if (!actual.size) problems.push(`${table}: table missing in the migrated schema`);
      for (const [name, type] of Object.entries(columns)) {
        const col = actual.get(name);
        const udt = type.replace(/\?$/, '');
        const nullable = type.endsWith('?');
        if (!col) problems.push(`${table}.${name}: column missing in the migrated schema`);
        else if (col.udt !== udt || col.nullable !== nullable)
          problems.push(`${table}.${name}: declared ${type} but database has ${col.udt}${col.nullable ? '?' : ''}`);
      }
      for (const name of actual.keys()) if (!(name in columns)) problems.push(`${table}.${name}: in the migrated schema, not declared by the store`);
    }
    if (problems.length) console.error(`Schema drift:\n${problems.join('\n')}`);
    expect(storeTables.length).toBe(8);
    expect(problems).toEqual([]);
  });
});
