/**
 * Processed results: the pipeline saves them (idempotently), owners read, edit and reset them.
 * `original` is what the pipeline wrote and never changes; `current` is what the user edits and
 * exports; Reset copies original back.
 */
import { isDeepStrictEqual } from 'node:util';
import { LockMode } from '@mikro-orm/core';
import type pg from 'pg';
import { ZodError } from 'zod';
import { isShotType } from '../../analysis/shot-types/vocabulary.js';
import type { Orm } from '../../platform/db/database.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { FileSet } from '../file-sets/file-set.entity.js';
import { parseId } from '../../platform/validation/ids.js';
import type { User } from '../users/user.entity.js';
import { FileSetResult } from './file-set-result.entity.js';
import { MAX_KEYWORDS, processedResultSchema, type ProcessedResult } from '../../analysis/metadata/processed-result.js';
import { chooseTitle } from './title-choice.js';
import { setIdsOfProjectSql } from '../file-sets/file-set-rows.js';
import { placeEditedByUser, placeOfResult, rewriteForPlace, withPlace, type PlaceFields, type PlaceRewrite } from './place-edit.js';

/**
 * The project's keyword rules applied to a generated result, inside the saving transaction: review
 * owns the rules (review/keyword-rules-store.ts applyRulesToGenerated); the root passes it in.
 */
export type ApplyKeywordRules = (q: Pick<pg.PoolClient, 'query'>, projectId: string, result: ProcessedResult) => Promise<ProcessedResult>;

export interface ResultView {
  fileSetId: string;
  current: ProcessedResult;
  original: ProcessedResult;
  edited: boolean;
  editedAt: Date | null;
  /** Bumped at every change of `current`; a save may name the version it was made on. */
  version: number;
  provider: string;
  updatedAt: Date;
  /** What the set lacked when processed (a clip without its .SRT), in words; null when nothing. */
  missingNote: string | null;
}

/** A version a caller sends: a positive whole number, or nothing (no check). */
function parseVersion(raw: unknown): number | null {
  if (raw == null) return null;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > 2_147_483_647)
    throw new AppError('BAD_USER_INPUT', 'The version must be a whole number from 1, as the result was read', { field: 'version' });
  return raw;
}

/** PUT bodies: the result object itself or `{ results: {...} }`; keywords may be one comma-separated string. */
function unwrapEdit(raw: unknown): unknown {
  const body = raw && typeof raw === 'object' && 'results' in raw && !('content' in raw) ? (raw as { results: unknown }).results : raw;
  if (!body || typeof body !== 'object') return body;
  const content = (body as { content?: { keywords?: unknown } }).content;
  if (content && typeof content.keywords === 'string') return { ...body, content: { ...content, keywords: content.keywords.split(',') } };
  return body;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * An edit laid over the stored result: a field the body leaves out keeps its stored value (SPEC §7's
 * PUT body names content and metadata only, so shot types must survive it). A present field of the
 * wrong type is left for the schema to refuse. Stored shot types outside the vocabulary (written
 * before it was enforced) are dropped rather than blamed on the caller.
 */
export function mergeEdit(stored: ProcessedResult, raw: unknown): unknown {
  const body = unwrapEdit(raw);
  if (!isPlainObject(body)) return body;
  const over = <T extends object>(base: T, edit: unknown): unknown => (edit === undefined ? base : isPlainObject(edit) ? { ...base, ...edit } : edit);
  const content =
    body.content === undefined || isPlainObject(body.content)
      ? {
          ...stored.content,
          ...(body.content as object | undefined),
          categories: over(stored.content.categories, (body.content as { categories?: unknown } | undefined)?.categories),
        }
      : body.content;
  const storedShots = Object.fromEntries(Object.entries(stored.shot_types).filter(([k]) => isShotType(k)));
  return { content, metadata: over(stored.metadata, body.metadata), shot_types: over(storedShots, body.shot_types) };
}

/** The editor's (and FileSetResultInput's) name of the field an issue is about, so the UI can mark it. */
const FIELD_OF_PATH: Record<string, string> = {
  'content.title': 'title',
  'content.final_description': 'finalDescription',
  'content.keywords': 'keywords',
  'content.editorial': 'editorial',
  'content.categories.adobe_category': 'adobeCategory',
  'content.categories.shutterstock_a_category': 'shutterstockACategory',
  'content.categories.shutterstock_b_category': 'shutterstockBCategory',
  'metadata.latitude': 'latitude',
  'metadata.longitude': 'longitude',
  'metadata.city': 'city',
  'metadata.country': 'country',
  'metadata.region': 'region',
  'metadata.place_line': 'placeLine',
  'metadata.features': 'features',
  shot_types: 'shotTypes',
};

/**
 * SPEC's 30 keywords a set, as a refusal naming the count, never a silent cut (issue 31: the 31st
 * and 32nd keywords vanished while the page said "saved"). Counted as they would be stored: split
 * on commas, trimmed, empties and case-insensitive repeats dropped.
 */
function refuseOverCap(body: unknown): void {
  const keywords = isPlainObject(body) && isPlainObject(body.content) ? body.content.keywords : undefined;
  if (!Array.isArray(keywords) || keywords.length > 200 || !keywords.every((k) => typeof k === 'string')) return; // the schema names these
  const count = new Set(
    keywords
      .flatMap((k: string) => k.split(','))
      .map((k) => k.trim().replace(/\s+/g, ' ').toLowerCase())
      .filter(Boolean),
  ).size;
  if (count > MAX_KEYWORDS)
    throw new AppError('BAD_USER_INPUT', `${count} keywords: remove ${count - MAX_KEYWORDS} (the limit is ${MAX_KEYWORDS})`, {
      field: 'keywords',
      limit: MAX_KEYWORDS,
      value: count,
    });
}

/**
 * A user's edit, validated: the stored shape's rules, and a title that is not empty (every
 * agency refuses a row without one, and the list would fall back to 'File Set N'). Refusals say
 * which field (`field`) and why, in words the editor shows beside the set's file name.
 */
function parseEdit(raw: unknown): ProcessedResult {
  refuseOverCap(raw);
  let input: ProcessedResult;
  try {
    input = processedResultSchema.parse(raw);
  } catch (err) {
    if (!(err instanceof ZodError)) throw err;
    const issue = err.issues[0];
    const path = issue?.path.map(String) ?? [];
    const key = Object.keys(FIELD_OF_PATH).find((k) => path.join('.').startsWith(k));
    throw new AppError('BAD_USER_INPUT', issue?.message ?? 'Invalid result', {
      field: key ? FIELD_OF_PATH[key] : null,
      fields: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  const title = input.content.title.trim();
  if (!title) throw new AppError('BAD_USER_INPUT', 'The title must not be empty', { field: 'title' });
  return { ...input, content: { ...input.content, title } };
}

/** The fields of a partial place that were sent (undefined: keep the stored value). */
function definedOnly(place: Partial<PlaceFields>): Partial<PlaceFields> {
  return Object.fromEntries(Object.entries(place).filter(([, v]) => v !== undefined)) as Partial<PlaceFields>;
}

const toView = (r: FileSetResult, fileSetId: string, version = r.version): ResultView => ({
  fileSetId,
  current: r.current,
  original: r.original,
  edited: !!r.editedAt,
  editedAt: r.editedAt ?? null,
  version,
  provider: r.provider,
  updatedAt: r.updatedAt,
  missingNote: typeof r.analysis?.missingNote === 'string' ? r.analysis.missingNote : null,
});

export class ResultsService {
  constructor(
    private readonly orm: Orm,
    private readonly pool: pg.Pool,
    private readonly applyRules: ApplyKeywordRules,
  ) {}

  /** The owner's file set, or the same 404 as a missing one. */
  private async ownedSet(owner: User, rawId: unknown): Promise<string> {
    const id = parseId(rawId, 'file set');
    const fs = await this.orm.em.fork().findOne(FileSet, { id, project: { owner: owner.id } }, { fields: ['id'] });
    if (!fs) throw notFound('File set not found');
    return fs.id;
  }

  /** The result of the owner's set, or null when it has none yet (404 for others' sets). */
  async find(owner: User, rawFileSetId: unknown): Promise<ResultView | null> {
    const id = await this.ownedSet(owner, rawFileSetId);
    const r = await this.orm.em.fork().findOne(FileSetResult, { fileSet: id });
    return r ? toView(r, id) : null;
  }

  async get(owner: User, rawFileSetId: unknown): Promise<ResultView> {
    const r = await this.find(owner, rawFileSetId);
    if (!r) throw notFound('This file set has no result yet');
    return r;
  }

  /**
   * Saves the user's edit beside the original; fields the edit leaves out keep their stored values.
   * With `expectedVersion` (the version the edit was made on), a result changed since (a bulk
   * action, another tab) is not overwritten: 409 naming the set, with its newer values.
   */
  async update(owner: User, rawFileSetId: unknown, raw: unknown, expectedVersion?: unknown): Promise<ResultView> {
    const id = await this.ownedSet(owner, rawFileSetId);
    const expected = parseVersion(expectedVersion);
    const next = await this.orm.em.fork().transactional(async (em) => {
      // Locked: a bulk action on this set waits for the save, or the save sees its version.
      const r = await em.findOne(FileSetResult, { fileSet: id }, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['fileSet'] });
      if (!r) throw notFound('This file set has no result yet');
      if (expected != null && r.version !== expected) {
        const name = r.fileSet.baseName;
        throw new AppError(
          'CONFLICT',
          `${name} was changed since you opened it (by a bulk action or in another window); its newer values are shown. Your edit was not saved`,
          {
            fileSetId: id,
            baseName: name,
            version: r.version,
            current: r.current,
          },
        );
      }
      const before = r.current;
      r.current = parseEdit(mergeEdit(r.current, raw));
      r.editedAt = new Date();
      await em.flush();
      // The trigger bumped the version when `current` changed; the row is locked, so by exactly one.
      return toView(r, id, isDeepStrictEqual(before, r.current) ? r.version : r.version + 1);
    });
    return next;
  }

  /**
   * The place a user proposes, laid over the stored one (fields left out keep their stored values),
   * and what the title, description and keywords would read if rewritten to it: the editor shows
   * this before anything is saved.
   */
  async previewPlaceEdit(
    owner: User,
    rawFileSetId: unknown,
    place: Partial<PlaceFields>,
  ): Promise<{ from: PlaceFields; to: PlaceFields; before: Omit<PlaceRewrite, 'changed'>; rewrite: PlaceRewrite }> {
    const current = (await this.get(owner, rawFileSetId)).current;
    const from = placeOfResult(current);
    const to = placeOfResult(parseEdit(withPlace(current, from, { ...from, ...definedOnly(place) }, false)));
    const before = { title: current.content.title, finalDescription: current.content.final_description, keywords: current.content.keywords };
    return { from, to, before, rewrite: rewriteForPlace(current, from, to) };
  }

  /** Saves a new place; with `rewrite`, also the title, description and keywords rewritten from the old place. */
  async editPlace(owner: User, rawFileSetId: unknown, place: Partial<PlaceFields>, rewrite: boolean): Promise<ResultView> {
    const id = await this.ownedSet(owner, rawFileSetId);
    const em = this.orm.em.fork();
    const r = await em.findOne(FileSetResult, { fileSet: id });
    if (!r) throw notFound('This file set has no result yet');
    const from = placeOfResult(r.current);
    r.current = parseEdit(withPlace(r.current, from, { ...from, ...definedOnly(place) }, rewrite));
    r.editedAt = new Date();
    await em.flush();
    return toView(r, id);
  }

  /** Restores the AI's original. */
  async reset(owner: User, rawFileSetId: unknown): Promise<ResultView> {
    const id = await this.ownedSet(owner, rawFileSetId);
    const em = this.orm.em.fork();
    const r = await em.findOne(FileSetResult, { fileSet: id });
    if (!r) throw notFound('This file set has no result yet');
    r.current = structuredClone(r.original);
    r.editedAt = null;
    await em.flush();
    return toView(r, id);
  }

  /** The current keywords of every set of a project that has a result (the rules preview); no owner check. */
  async keywordsOfProject(projectId: string): Promise<string[][]> {
    const rows = await this.orm.em.fork().find(FileSetResult, { fileSet: { project: projectId } }, { fields: ['current'] });
    return rows.map((r) => (Array.isArray(r.current?.content?.keywords) ? r.current.content.keywords : []));
  }

  /** Results of many sets at once (the project page), keyed by file set id; no owner check. */
  async byFileSets(fileSetIds: readonly string[]): Promise<Map<string, ResultView>> {
    if (!fileSetIds.length) return new Map();
    const rows = await this.orm.em.fork().find(FileSetResult, { fileSet: { $in: [...fileSetIds] } });
    return new Map(rows.map((r) => [r.fileSet.id, toView(r, r.fileSet.id)]));
  }

  /**
   * The pipeline's save: one row per set whatever the retries (upsert on file_set_id). Under a
   * per-project advisory lock it takes the first title candidate no other set of the project has,
   * so concurrent workers cannot give two clips the same title. Returns the title chosen.
   */
  async saveGenerated(a: {
    fileSetId: string;
    projectId: string;
    result: ProcessedResult;
    titleCandidates: string[];
    fallbackSuffix: string;
    provider: string;
    analysis: Record<string, unknown>;
    /** Replace a place the user edited with the new one (default: the user's place is kept). */
    replacePlace?: boolean;
  }): Promise<string> {
    return inTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`titles:${a.projectId}`]);
      const taken = await client.query<{ title: string }>(
        `select lower(r."current"->'content'->>'title') as title from file_set_results r
         where r.file_set_id in ${setIdsOfProjectSql('$1')} and r.file_set_id <> $2`,
        [a.projectId, a.fileSetId],
      );
      const used = new Set(taken.rows.map((r) => r.title));
      const title = chooseTitle(a.titleCandidates.length ? a.titleCandidates : [a.result.content.title], used, a.fallbackSuffix, a.fileSetId);
      // The project's keyword rules (issue 20) apply to what the pipeline wrote, original included.
      const ruled = await this.applyRules(client, a.projectId, a.result);
      const result = processedResultSchema.parse({ ...ruled, content: { ...ruled.content, title: title.slice(0, 500) } });
      // A place the user corrected survives a reprocess (unless asked): the new result takes the
      // user's place, its text rewritten from the geocoder's names to the user's.
      const prior = await client.query<{ current: ProcessedResult; original: ProcessedResult }>(
        `select "current", original from file_set_results where file_set_id = $1 for update`,
        [a.fileSetId],
      );
      const kept = prior.rows[0] && !a.replacePlace && placeEditedByUser(prior.rows[0]) ? placeOfResult(prior.rows[0].current) : null;
      const current = kept ? processedResultSchema.parse(withPlace(result, placeOfResult(result), kept, true)) : result;
      await client.query(
        `insert into file_set_results (id, file_set_id, original, "current", analysis, provider, edited_at, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, $5, $3, $4, $6, now(), now())
         on conflict (file_set_id) do update set original = excluded.original, "current" = excluded."current",
           analysis = excluded.analysis, provider = excluded.provider, edited_at = excluded.edited_at, updated_at = now()`,
        [a.fileSetId, JSON.stringify(result), JSON.stringify(a.analysis), a.provider.slice(0, 32), JSON.stringify(current), kept ? new Date() : null],
      );
      return result.content.title;
    });
  }
}
