import type { FilterQuery } from '@mikro-orm/core';
import type { Orm } from '../../platform/db/database.js';
import { badInput, conflict, notFound } from '../../platform/errors/app-error.js';
import { User as UserEntity, type User } from '../users/user.entity.js';
import { Project } from './project.entity.js';
import type { AccountQuotas } from '../quotas/account-quotas.js';
import type { Emitter } from '../../platform/events/events.js';
import { createProjectInput, projectListFilter } from './projects.validation.js';
import { parseId } from '../../platform/validation/ids.js';
import { isStorableDate } from '../../platform/validation/pg-range.js';

/** Projects in the trash longer than this are removed by Empty Trash (SPEC §4, §9). */
export const TRASH_RETENTION_DAYS = 30;

export interface ProjectPage {
  projects: Project[];
  totalCount: number;
  hasNextPage: boolean;
}

const encodeCursor = (p: { createdAt: Date; id: string }) => Buffer.from(`${p.createdAt.toISOString()}|${p.id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !isStorableDate(createdAt)) throw badInput('Invalid cursor');
  return { createdAt, id: parseId(id, 'cursor') };
}
export { encodeCursor as projectCursor };

export class ProjectsService {
  constructor(
    private readonly orm: Orm,
    private readonly quotas: AccountQuotas,
    /** 'project.deletedForGood' after projects leave the trash for good (their files' bytes go: events/events.ts). */
    private readonly events: Emitter<'project.deletedForGood'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Creates a project within the account's project quota (checked in the same transaction). */
  async create(owner: User, raw: unknown): Promise<Project> {
    const input = createProjectInput.parse(raw);
    return this.orm.em.fork().transactional(async (em) => {
      await this.quotas.assertProjectRoom(em, owner.id);
      const project = em.create(Project, {
        owner: em.getReference(UserEntity, owner.id),
        name: input.name,
        description: input.description,
        cameraType: input.cameraType,
        status: 'created',
        createdAt: this.now(),
        updatedAt: this.now(),
      });
      await em.flush();
      return project;
    });
  }

  /**
   * The owner's project, with file sets and files. Another user's project and a missing one
   * answer the same 404, so ids reveal nothing.
   */
  async getOwned(owner: Pick<User, 'id'>, rawId: unknown, opts: { includeFiles?: boolean } = {}): Promise<Project> {
    const id = parseId(rawId);
    const em = this.orm.em.fork();
    const project = await em.findOne(
      Project,
      { id, owner: owner.id },
      opts.includeFiles ? { populate: ['fileSets', 'fileSets.files'], orderBy: { fileSets: { position: 'asc', baseName: 'asc' } } } : {},
    );
    if (!project) throw notFound('Project not found');
    return project;
  }

  async list(owner: User, raw: unknown = {}): Promise<ProjectPage> {
    const f = projectListFilter.parse(raw);
    const where: FilterQuery<Project> & Record<string, unknown> = { owner: owner.id, deletedAt: f.view === 'TRASH' ? { $ne: null } : null };
    const and: FilterQuery<Project>[] = [];
    if (f.search) {
      const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      and.push({ $or: [{ name: { $ilike: like } }, { description: { $ilike: like } }] });
    }
    if (f.createdOn) {
      // The viewer's calendar day, expressed as a UTC instant range.
      const start = new Date(Date.parse(`${f.createdOn}T00:00:00Z`) - f.tzOffsetMinutes * 60_000);
      const end = new Date(start.getTime() + 24 * 3600_000);
      and.push({ createdAt: { $gte: start, $lt: end } });
    }
    const filtered: FilterQuery<Project> = and.length ? { $and: [where, ...and] } : where;
    const em = this.orm.em.fork();
    const totalCount = await em.count(Project, filtered);
    let pageWhere = filtered;
    if (f.after) {
      const c = decodeCursor(f.after);
      pageWhere = { $and: [filtered, { $or: [{ createdAt: { $lt: c.createdAt } }, { createdAt: c.createdAt, id: { $lt: c.id } }] }] };
    }
    // Files too: a set's status and missing slots are read from them, so a list without them would
    // report every set as incomplete. Select-in loading: one query for the page's sets and one for
    // all their files, however many projects and sets the page holds.
    const rows = await em.find(Project, pageWhere, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: f.first + 1,
      offset: f.offset,
      populate: ['fileSets', 'fileSets.files'],
      populateOrderBy: { fileSets: { position: 'asc', baseName: 'asc' } },
      strategy: 'select-in',
    });
    return { projects: rows.slice(0, f.first), totalCount, hasNextPage: rows.length > f.first };
  }

  async counts(owner: User): Promise<{ active: number; trash: number }> {
    const em = this.orm.em.fork();
    const [active, trash] = await Promise.all([
      em.count(Project, { owner: owner.id, deletedAt: null }),
      em.count(Project, { owner: owner.id, deletedAt: { $ne: null } }),
    ]);
    return { active, trash };
  }

  async moveToTrash(owner: User, rawId: unknown): Promise<Project> {
    return this.update(owner, rawId, (p) => {
      if (p.deletedAt) throw conflict('Project is already in the trash');
      if (p.status === 'processing') throw conflict('A project cannot be moved to the trash while it is processing');
      p.deletedAt = this.now();
    });
  }

  async restore(owner: User, rawId: unknown): Promise<Project> {
    return this.update(owner, rawId, (p) => {
      if (!p.deletedAt) throw conflict('Project is not in the trash');
      p.deletedAt = null;
    });
  }

  /** Deletes a project from the trash for good, with its file sets and files (cascade). */
  async deletePermanently(owner: User, rawId: unknown): Promise<Project> {
    const em = this.orm.em.fork();
    const project = await em.findOne(Project, { id: parseId(rawId), owner: owner.id });
    if (!project) throw notFound('Project not found');
    if (!project.deletedAt) throw conflict('Move the project to the trash before deleting it permanently');
    await em.nativeDelete(Project, { id: project.id });
    await this.events.emit('project.deletedForGood', { projectIds: [project.id] });
    return project;
  }

  /** Removes the owner's projects that have been in the trash for more than 30 days. */
  async emptyTrash(owner: User): Promise<{ deleted: number; remaining: number }> {
    const em = this.orm.em.fork();
    const cutoff = new Date(this.now().getTime() - TRASH_RETENTION_DAYS * 24 * 3600_000);
    const old = await em.find(Project, { owner: owner.id, deletedAt: { $lt: cutoff } }, { fields: ['id'] });
    const ids = old.map((p) => p.id);
    if (ids.length) await em.nativeDelete(Project, { id: { $in: ids } });
    if (ids.length) await this.events.emit('project.deletedForGood', { projectIds: ids });
    const remaining = await em.count(Project, { owner: owner.id, deletedAt: { $ne: null } });
    return { deleted: ids.length, remaining };
  }

  private async update(owner: User, rawId: unknown, change: (p: Project) => void): Promise<Project> {
    const em = this.orm.em.fork();
    // The answer presents the project with its sets' status, so their files are loaded too.
    const project = await em.findOne(
      Project,
      { id: parseId(rawId), owner: owner.id },
      { populate: ['fileSets', 'fileSets.files'], populateOrderBy: { fileSets: { position: 'asc', baseName: 'asc' } }, strategy: 'select-in' },
    );
    if (!project) throw notFound('Project not found');
    change(project);
    await em.flush();
    return project;
  }
}

/** What emptying the trash says (REST and GraphQL). */
export function emptyTrashMessage(r: { deleted: number; remaining: number }): string {
  const del = `${r.deleted} project${r.deleted === 1 ? '' : 's'} deleted`;
  return r.remaining ? `${del}; ${r.remaining} newer than 30 days remain in the trash` : `${del}; the trash is empty`;
}
