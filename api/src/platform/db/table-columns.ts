/**
 * A table as a plain SQL store declares it (one persistence style per feature: a feature that
 * writes its tables in SQL keeps no MikroORM entity for them). The declaration names every column
 * with its PostgreSQL type as information_schema spells it (udt name), `?` marking a column that may
 * be null; app/schema-drift.int.spec.ts checks it against the migrated database both ways (each
 * declared column exists with that type and nullability, and the table has no undeclared column),
 * so the store's row types read columns that cannot drift from the migrations.
 */
export type Udt = 'uuid' | 'text' | 'varchar' | 'int2' | 'int4' | 'int8' | 'numeric' | 'bool' | 'timestamptz' | 'jsonb' | 'float8' | '_text';
export type ColumnType = Udt | `${Udt}?`;

export interface TableColumns<C extends string = string> {
  table: string;
  columns: Readonly<Record<C, ColumnType>>;
}

export const tableColumns = <C extends string>(table: string, columns: Record<C, ColumnType>): TableColumns<C> => ({ table, columns });

/** A declared table's column names, for the store's row types (`Pick<Record<ColumnOf<typeof RUNS>, unknown>, ...>`). */
export type ColumnOf<T> = T extends TableColumns<infer C> ? C : never;
