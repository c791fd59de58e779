import type pg from 'pg';

/**
 * Every storage key the database names (its media files), a page at a time in key order: what
 * `npm run storage:migrate` checks the
 * bucket against, so a file missing there is reported before the API switches.
 */
export async function* storedKeys(pool: pg.Pool, pageSize = 5000): AsyncGenerator<{ storageKey: string; sizeBytes: number; sha256: string | null }> {
  let after = '';
  for (;;) {
    const { rows } = await pool.query<{ storage_key: string; size_bytes: string; sha256: string | null }>(
      `select storage_key, size_bytes, sha256 from media_files where storage_key > $1 order by storage_key limit $2`,
      [after, pageSize],
    );
    for (const r of rows) yield { storageKey: r.storage_key, sizeBytes: Number(r.size_bytes), sha256: r.sha256 };
    if (rows.length < pageSize) return;
    after = rows.at(-1)!.storage_key;
  }
}
