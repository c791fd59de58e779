import { randomUUID } from 'node:crypto';
import type { Orm } from '../../platform/db/database.js';
import { AppError, badInput } from '../../platform/errors/app-error.js';
import type { FileSetsService, RecordedFileSummary } from '../file-sets/file-sets.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { User } from '../users/user.entity.js';
import { UploadPlanFile } from './upload-plan-file.entity.js';
import { classifyFilename } from './upload-naming.js';
import { sampleRanges, sampleSha256OfStored, type RangeReader } from './sample-hash.js';

/** Most files one plan names (a whole card, side files excluded): README "Fixed limits". */
export const MAX_PLAN_FILES = 20_000;
/** Stored files read back at once to confirm a large file's sample. */
const SAMPLE_READS_AT_ONCE = 4;

export interface CardFile {
  filename: string;
  size: number;
  /** sample-hash.ts: the SHA-256 of the file (up to 2 MiB) or of its first and last MiB, hex. */
  sample: string;
}

export interface PlanAnswer {
  /** Files the project holds already (same name, size and content): not to be sent again. */
  alreadyUploaded: Array<{ filename: string; fileSetId: string; fileId: string }>;
  /** Files still to send, and the sets (base names) they belong to. */
  filesToSend: number;
  setsToSend: number;
}

export interface UploadState {
  filesToSend: number;
  /** Base names with a file still to send, in name order. */
  setsToSend: string[];
}

/** Reads `{ files: [{ filename, size, sample }] }`, each refusal naming the entry. */
export function parseCardFiles(body: unknown, maxFileBytes: number): CardFile[] {
  const files = (body as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) throw badInput('Send { "files": [{ "filename", "size", "sample" }] }');
  if (files.length > MAX_PLAN_FILES)
    throw new AppError('PAYLOAD_TOO_LARGE', `Too many files in one plan: at most ${MAX_PLAN_FILES} (${files.length} sent)`, {
      maxFiles: MAX_PLAN_FILES,
      sent: files.length,
    });
  const seen = new Set<string>();
  return files.map((raw: unknown, i) => {
    const f = (raw ?? {}) as Record<string, unknown>;
    const name = classifyFilename(typeof f.filename === 'string' ? f.filename : '');
    if (!name.ok) throw badInput(`files[${i}] ${name.filename}: ${name.reason}`);
    if (typeof f.size !== 'number' || !Number.isSafeInteger(f.size) || f.size < 0)
      throw badInput(`files[${i}] ${name.filename}: size must be a whole number of bytes`);
    if (f.size > maxFileBytes) throw badInput(`files[${i}] ${name.filename}: larger than the upload limit of ${maxFileBytes} bytes`);
    if (typeof f.sample !== 'string' || !/^[0-9a-f]{64}$/.test(f.sample))
      throw badInput(`files[${i}] ${name.filename}: sample must be 64 lower-case hex digits (SHA-256)`);
    if (seen.has(name.filename)) throw badInput(`files[${i}] ${name.filename} is named twice`);
    seen.add(name.filename);
    return { filename: name.filename, size: f.size, sample: f.sample };
  });
}

const baseNameOf = (filename: string) => filename.slice(0, filename.lastIndexOf('.'));
const byName = new Intl.Collator('en', { numeric: true }).compare;

/**
 * What a card still has to send to a project (issue 30 item 4). When the wizard starts an upload it
 * sends the card's list (name, size, sample hash): the files the project holds already are answered
 * "already uploaded" (identity is content: the sample must match the stored bytes), the others are
 * kept as the plan. A reload, another device or the dashboard reads from the plan what is still to
 * send; recorded files leave it, and the wizard clears it when its upload ends.
 */
export class UploadPlansService {
  constructor(
    private readonly orm: Orm,
    private readonly projects: Pick<ProjectsService, 'getOwned'>,
    private readonly fileSets: Pick<FileSetsService, 'projectForUpload' | 'recordedFiles'>,
    private readonly readStored: (storageKey: string, range: { start: number; end: number }) => ReturnType<RangeReader>,
    private readonly maxFileBytes: number,
  ) {}

  async plan(user: User, projectId: unknown, body: unknown): Promise<PlanAnswer> {
    const project = await this.fileSets.projectForUpload(user, projectId);
    const card = parseCardFiles(body, this.maxFileBytes);
    const recorded = await this.fileSets.recordedFiles(
      project.id,
      card.map((f) => f.filename),
    );
    const byFilename = new Map(recorded.map((r) => [r.filename, r]));
    const matches = await this.sameContent(card, byFilename);
    const toSend = card.filter((f) => !matches.has(f.filename));
    await this.orm.em.fork().transactional(async (em) => {
      await em.nativeDelete(UploadPlanFile, { project: project.id });
      if (toSend.length)
        await em.insertMany(
          UploadPlanFile,
          toSend.map((f) => ({
            id: randomUUID(),
            project: project.id,
            filename: f.filename,
            baseName: baseNameOf(f.filename),
            sizeBytes: f.size,
            createdAt: new Date(),
          })),
        );
    });
    return {
      alreadyUploaded: [...matches.values()].map((r) => ({ filename: r.filename, fileSetId: r.fileSetId, fileId: r.fileId })),
      filesToSend: toSend.length,
      setsToSend: new Set(toSend.map((f) => baseNameOf(f.filename))).size,
    };
  }

  /** The wizard's upload ended (every file sent, refused or left): nothing is waiting any more. */
  async clear(user: User, projectId: unknown): Promise<void> {
    const project = await this.projects.getOwned(user, projectId);
    await this.orm.em.fork().nativeDelete(UploadPlanFile, { project: project.id });
  }

  /** Per project (ownership checked by the caller): files still to send and their sets. Rows now recorded are dropped on the way. */
  async states(projectIds: readonly string[]): Promise<Map<string, UploadState>> {
    const out = new Map<string, UploadState>(projectIds.map((id) => [id, { filesToSend: 0, setsToSend: [] }]));
    if (!projectIds.length) return out;
    const em = this.orm.em.fork();
    const rows = await em.find(
      UploadPlanFile,
      { project: { $in: [...projectIds] } },
      { fields: ['project', 'filename', 'baseName', 'sizeBytes', 'createdAt'] },
    );
    const done: string[] = [];
    for (const projectId of new Set(rows.map((r) => r.project.id))) {
      const mine = rows.filter((r) => r.project.id === projectId);
      const recorded = await this.fileSets.recordedFiles(
        projectId,
        mine.map((r) => r.filename),
      );
      // Recorded after it was planned, with its name and size: the planned file arrived (the plan's
      // sample was judged against what the project held when it was made).
      const arrived = new Map<string, Date[]>();
      for (const r of recorded) arrived.set(`${r.filename}\u0000${r.sizeBytes}`, [...(arrived.get(`${r.filename}\u0000${r.sizeBytes}`) ?? []), r.recordedAt]);
      const left = mine.filter((r) => {
        const sent = (arrived.get(`${r.filename}\u0000${Number(r.sizeBytes)}`) ?? []).some((at) => at >= r.createdAt);
        if (sent) done.push(r.id);
        return !sent;
      });
      out.set(projectId, { filesToSend: left.length, setsToSend: [...new Set(left.map((r) => r.baseName))].sort(byName) });
    }
    if (done.length) await em.nativeDelete(UploadPlanFile, { id: { $in: done } });
    return out;
  }

  /** The card's files the project holds already: same name and size, and the same sample of content. */
  private async sameContent(card: CardFile[], recorded: Map<string, RecordedFileSummary>): Promise<Map<string, RecordedFileSummary>> {
    const out = new Map<string, RecordedFileSummary>();
    const toRead: Array<{ f: CardFile; r: RecordedFileSummary }> = [];
    for (const f of card) {
      const r = recorded.get(f.filename);
      if (!r || r.sizeBytes !== f.size) continue;
      // A small file's sample is its whole SHA-256: compared with the stored one, nothing read.
      if (sampleRanges(f.size).length === 1) {
        if (r.sha256 === f.sample) out.set(f.filename, r);
      } else toRead.push({ f, r });
    }
    for (let i = 0; i < toRead.length; i += SAMPLE_READS_AT_ONCE) {
      await Promise.all(
        toRead.slice(i, i + SAMPLE_READS_AT_ONCE).map(async ({ f, r }) => {
          const sample = await sampleSha256OfStored((range) => this.readStored(r.storageKey, range), r.sizeBytes).catch(() => null);
          if (sample === f.sample) out.set(f.filename, r);
        }),
      );
    }
    return out;
  }
}
