/**
 * Review: a project's keyword rules, bulk actions over many sets in one transaction with batched
 * statements, the project edit history and undo, and the review grid's pages.
 */
import { setImmediate } from 'node:timers/promises';
import type pg from 'pg';
import type { ProcessedResult } from '../../analysis/metadata/processed-result.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { badInput, conflict, notFound } from '../../platform/errors/app-error.js';
import { parseId } from '../../platform/validation/ids.js';
import { FILE_SET_ROWS_SQL } from '../file-sets/file-set-rows.js';
import { isOwnedProject } from '../projects/project-rows.js';
import { RESULT_ROWS_SQL, replaceResultsCtes, restoreResults } from '../results/result-rows.js';
import type { User } from '../users/user.entity.js';
import { USER_NAMES_SQL } from '../users/user-rows.js';
import { applyBulkAction, type BulkAction, type FieldOverflow } from './bulk-actions.js';
import { validateKeywordRules, type KeywordRules } from './keyword-rules.js';
import { loadKeywordRules } from './keyword-rules-store.js';
import { matchingIdsSql, reviewCountSql, reviewPageSql, type ReviewDbRow, type ReviewFilter, type ReviewSort } from './review-query.js';
import { agencyRefusals, checkAgencyProblem, exportRowsOf, idsWithAgencyProblem, type AgencyRefusal } from './agency-problems.js';

type Query = Pick<pg.PoolClient, 'query'>;

/** At most this many sets per bulk action (a project's sets fit; a runaway selection does not). */
export const MAX_BULK_SETS = 10_000;
/** Sets changed in memory between two yields to the event loop (a few milliseconds of work). */
export const BULK_CHUNK_SETS = 100;

/** A set whose text would outgrow its field: the whole action is refused (its transaction rolls back). */
const overflowError = (baseName: string, o: FieldOverflow) =>
  badInput(`${baseName}: the ${o.field} would be ${o.length} characters; the limit is ${o.limit}. Nothing was changed`, {
    fileSet: baseName,
    field: o.field,
    limit: o.limit,
    value: o.length,
  });

export interface BulkSelection {
  projectId: unknown;
  /** The chosen sets; ignored when `allMatching` is given. */
  fileSetIds?: readonly unknown[] | null;
  /** Every set of the project that matches this filter, read inside the action's transaction. */
  allMatching?: ReviewFilter | null;
}

export interface RefusedSet {
  fileSetId: string;
  baseName: string;
  reason: string;
}

export interface BulkResult {
  /** The history entry (null when nothing changed). */
  actionId: string | null;
  /** Sets the selection named that exist in the project now. */
  matched: number;
  changed: number;
  unchanged: number;
  refused: RefusedSet[];
}

export interface HistoryEntry {
  id: string;
  action: string;
  params: Record<string, unknown>;
  changedCount: number;
  username: string;
  createdAt: Date;
  undoneAt: Date | null;
}

export interface UndoResult {
  actionId: string;
  restored: number;
  /** Sets left as they are because they were edited since the action (file names, the first 50). */
  skipped: string[];
  skippedCount: number;
}

/** File names an undo answer lists (the count says the rest). */
const MAX_SKIPPED_NAMED = 50;

export class ReviewService {
  constructor(private readonly pool: pg.Pool) {}

  /** The owner's project id, or the same 404 as a missing one. */
  private async ownedProject(q: Query, user: User, rawId: unknown): Promise<string> {
    const id = parseId(rawId, 'project');
    if (!(await isOwnedProject(q, id, user.id))) throw notFound('Project not found');
    return id;
  }

  async rules(user: User, rawProjectId: unknown): Promise<KeywordRules> {
    const id = await this.ownedProject(this.pool, user, rawProjectId);
    return loadKeywordRules(this.pool, id);
  }

  async setRules(user: User, rawProjectId: unknown, raw: Parameters<typeof validateKeywordRules>[0]): Promise<KeywordRules> {
    if (!raw || typeof raw !== 'object') throw badInput('Send the rules as an object: alwaysInclude, neverInclude, synonyms, maxPerAgency');
    const id = await this.ownedProject(this.pool, user, rawProjectId);
    const rules = validateKeywordRules(raw);
    await this.pool.query(
      `insert into project_keyword_rules (id, project_id, always_include, never_include, synonyms, max_per_agency, updated_at)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, now())
       on conflict (project_id) do update set always_include = excluded.always_include, never_include = excluded.never_include,
         synonyms = excluded.synonyms, max_per_agency = excluded.max_per_agency, updated_at = now()`,
      [id, JSON.stringify(rules.alwaysInclude), JSON.stringify(rules.neverInclude), JSON.stringify(rules.synonyms), JSON.stringify(rules.maxPerAgency)],
    );
    return rules;
  }

  /**
   * Runs one action over the selection: the sets are read and locked with one statement, changed
   * in memory, written back with one UPDATE ... FROM unnest(...) and recorded in the history with
   * one INSERT, all in one transaction. A set the action cannot take is refused with the reason
   * and left as it was; the others are applied. A find and replace that would make one set's text
   * longer than its field allows refuses the whole action (400 naming the set and the field):
   * nothing is written. The sets are changed in chunks of BULK_CHUNK_SETS that yield to the event
   * loop, so a 10,000-set selection never holds other requests up for long.
   */
  async bulk(user: User, selection: BulkSelection, action: BulkAction, params: Record<string, unknown>): Promise<BulkResult> {
    return inTransaction(this.pool, async (client) => {
      const projectId = await this.ownedProject(client, user, selection.projectId);
      let ids: string[];
      if (selection.allMatching) {
        ids = await this.matchingIds(client, projectId, selection.allMatching);
      } else {
        const raw = selection.fileSetIds ?? [];
        if (!raw.length) throw badInput('Select at least one file set, or all matching a filter');
        if (raw.length > MAX_BULK_SETS) throw badInput(`At most ${MAX_BULK_SETS} file sets per action`);
        ids = [...new Set(raw.map((v) => parseId(v, 'file set')))];
      }
      const rules = await loadKeywordRules(client, projectId);
      const reset = action.kind === 'resetToAiOriginal';
      // The AI original travels only for a reset: each JSON document read costs parse time.
      const { rows } = await client.query<{ id: string; base_name: string; current: ProcessedResult | null; original: ProcessedResult | null }>(
        `select fs.id, fs.base_name, r."current", ${reset ? 'r.original' : 'null::jsonb as original'}
         from ${FILE_SET_ROWS_SQL} fs left join ${RESULT_ROWS_SQL} r on r.file_set_id = fs.id
         where fs.project_id = $1 and fs.id = any($2::uuid[])
         order by fs.position, fs.base_name
         for update of fs`,
        [projectId, ids],
      );
      const refused: RefusedSet[] = [];
      const changed: Array<{ id: string; after: ProcessedResult }> = [];
      let unchanged = 0;
      for (const [i, row] of rows.entries()) {
        // A large selection is worked in chunks that let other requests run between them.
        if (i > 0 && i % BULK_CHUNK_SETS === 0) await setImmediate();
        if (!row.current) {
          refused.push({ fileSetId: row.id, baseName: row.base_name, reason: 'No result yet' });
          continue;
        }
        const out = applyBulkAction(row.current, row.original ?? row.current, action, rules);
        if ('overflow' in out) throw overflowError(row.base_name, out.overflow);
        if ('refused' in out) refused.push({ fileSetId: row.id, baseName: row.base_name, reason: out.refused });
        else if (!out.changed) unchanged++;
        else changed.push({ id: row.id, after: out.result });
      }
      if (!changed.length) return { actionId: null, matched: rows.length, changed: 0, unchanged, refused };

      const { rows: made } = await client.query<{ id: string }>(
        `insert into project_edit_actions (id, project_id, user_id, action, params, changed_count, created_at, undone_at)
         values (gen_random_uuid(), $1, $2, $3, $4, $5, clock_timestamp(), null) returning id`,
        [projectId, user.id, action.kind, JSON.stringify(params), changed.length],
      );
      const actionId = made[0]!.id;
      // One statement writes every set and its history line: the new results travel once, as one
      // JSON array, and the history's "before" is read from the rows in the same snapshot.
      await client.query(
        `with ${replaceResultsCtes('$2', reset)}
         insert into project_edit_changes (id, edit_action_id, file_set_id, before, after, edited_at_before)
         select gen_random_uuid(), $1, old.file_set_id, old.before, v.after, old.edited_at
         from old join v on v.id = old.file_set_id join upd on upd.file_set_id = old.file_set_id`,
        [actionId, JSON.stringify(changed)],
      );
      return { actionId, matched: rows.length, changed: changed.length, unchanged, refused };
    });
  }

  /** Every set of the project matching the filter now (its agency part computed by the exports' checks). */
  private async matchingIds(q: Query, projectId: string, filter: ReviewFilter): Promise<string[]> {
    if (filter.agencyProblem) return idsWithAgencyProblem(q, projectId, filter, checkAgencyProblem(filter.agencyProblem), await loadKeywordRules(q, projectId));
    const m = matchingIdsSql(projectId, filter);
    return (await q.query<{ id: string }>(m.text, m.values)).rows.map((r) => r.id);
  }

  async history(user: User, rawProjectId: unknown, first = 50): Promise<HistoryEntry[]> {
    const projectId = await this.ownedProject(this.pool, user, rawProjectId);
    const { rows } = await this.pool.query<{
      id: string;
      action: string;
      params: Record<string, unknown>;
      changed_count: number;
      username: string;
      created_at: Date;
      undone_at: Date | null;
    }>(
      `select a.id, a.action, a.params, a.changed_count, u.username, a.created_at, a.undone_at
       from project_edit_actions a join ${USER_NAMES_SQL} u on u.id = a.user_id where a.project_id = $1 order by a.created_at desc, a.id desc limit $2`,
      [projectId, Math.min(Math.max(1, first), 200)],
    );
    return rows.map((r) => ({
      id: r.id,
      action: r.action,
      params: r.params,
      changedCount: r.changed_count,
      username: r.username,
      createdAt: r.created_at,
      undoneAt: r.undone_at,
    }));
  }

  /**
   * Undoes one action (the latest not undone when no id is given): every set it changed gets its
   * result back, except a set edited since (an inline edit after the bulk action): that one keeps
   * the edit and is named in `skipped`. Refused only when every set it changed was edited since.
   */
  async undo(user: User, rawProjectId: unknown, rawActionId?: unknown): Promise<UndoResult> {
    return inTransaction(this.pool, async (client) => {
      const projectId = await this.ownedProject(client, user, rawProjectId);
      const actionId = rawActionId == null || rawActionId === '' ? null : parseId(rawActionId, 'edit');
      const { rows: found } = await client.query<{ id: string; undone_at: Date | null }>(
        actionId
          ? `select id, undone_at from project_edit_actions where project_id = $1 and id = $2 for update`
          : `select id, undone_at from project_edit_actions where project_id = $1 and undone_at is null order by created_at desc, id desc limit 1 for update`,
        actionId ? [projectId, actionId] : [projectId],
      );
      const entry = found[0];
      if (!entry) throw actionId ? notFound('Edit not found') : conflict('Nothing to undo');
      if (entry.undone_at) throw conflict('This edit was already undone');
      const { rows: edited } = await client.query<{ base_name: string }>(
        `select fs.base_name from project_edit_changes c join ${FILE_SET_ROWS_SQL} fs on fs.id = c.file_set_id
         left join ${RESULT_ROWS_SQL} r on r.file_set_id = c.file_set_id
         where c.edit_action_id = $1 and (r."current" is null or r."current" <> c.after)
         order by fs.position, fs.base_name for update of fs`,
        [entry.id],
      );
      // Only the sets still as the action left them are restored; an edited one keeps its edit.
      const restored = await restoreResults(
        client,
        '(select file_set_id, before, after, edited_at_before from project_edit_changes where edit_action_id = $1)',
        [entry.id],
      );
      const names = edited.map((r) => r.base_name);
      if (!restored && names.length)
        throw conflict(
          `Cannot undo: ${names.length === 1 ? 'its set was' : `all ${names.length} sets were`} edited since: ${names.slice(0, 10).join(', ')}${names.length > 10 ? ', ...' : ''}`,
        );
      await client.query(`update project_edit_actions set undone_at = clock_timestamp() where id = $1`, [entry.id]);
      return { actionId: entry.id, restored, skipped: names.slice(0, MAX_SKIPPED_NAMED), skippedCount: names.length };
    });
  }

  /**
   * One keyset page of the review grid, with the count of matching sets and what each agency's
   * export check refuses in the page's sets (the exports' own rows and rules: agency-problems.ts).
   */
  async page(
    user: User,
    rawProjectId: unknown,
    opts: { first: number; after?: string | null; filter?: ReviewFilter | null; sort?: ReviewSort | null; descending?: boolean | null },
  ): Promise<{
    rows: ReviewDbRow[];
    totalCount: number;
    hasNextPage: boolean;
    sort: ReviewSort;
    descending: boolean;
    refusals: Map<string, AgencyRefusal[]>;
  }> {
    const projectId = await this.ownedProject(this.pool, user, rawProjectId);
    const sort = opts.sort ?? 'position';
    const descending = !!opts.descending;
    const wanted = opts.filter?.agencyProblem ? checkAgencyProblem(opts.filter.agencyProblem) : null;
    const rules = await loadKeywordRules(this.pool, projectId);
    // The agency part of the filter becomes a list of ids; the page itself stays one keyset query.
    const onlyIds = wanted ? await idsWithAgencyProblem(this.pool, projectId, opts.filter, wanted, rules) : null;
    const page = reviewPageSql({ projectId, filter: opts.filter, onlyIds, sort, descending, after: opts.after, limit: opts.first + 1 });
    const count = reviewCountSql(projectId, opts.filter);
    const [rows, total] = await Promise.all([
      this.pool.query<ReviewDbRow>(page.text, page.values),
      onlyIds ? Promise.resolve(onlyIds.length) : this.pool.query<{ n: number }>(count.text, count.values).then((r) => r.rows[0]?.n ?? 0),
    ]);
    const shown = rows.rows.slice(0, opts.first);
    const exportRows = await exportRowsOf(
      this.pool,
      projectId,
      shown.map((r) => r.id),
    );
    const refusals = new Map<string, AgencyRefusal[]>();
    for (const [id, row] of exportRows) refusals.set(id, agencyRefusals(row, rules));
    return { rows: shown, hasNextPage: rows.rows.length > opts.first, totalCount: total, sort, descending, refusals };
  }
}
