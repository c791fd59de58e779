import type { Orm } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors/app-error.js';
import { MediaFile } from '../file-sets/media-file.entity.js';
import { parseId } from '../../platform/validation/ids.js';
import type { User } from '../users/user.entity.js';

/** Looks up stored files for serving: to their owner, or to whoever holds a URL signed for the file. */
export class FilesService {
  constructor(private readonly orm: Orm) {}

  /** The owner's file; another user's answers 404 exactly like a missing one. */
  async getOwned(user: User, rawId: unknown): Promise<MediaFile> {
    const file = await this.orm.em.fork().findOne(MediaFile, { id: parseId(rawId, 'file'), fileSet: { project: { owner: user.id } } });
    if (!file) throw notFound('File not found');
    return file;
  }

  /** Any file by id; only for a request whose signed token for this id was already checked. */
  async getSigned(rawId: unknown): Promise<MediaFile> {
    const file = await this.orm.em.fork().findOne(MediaFile, { id: parseId(rawId, 'file') });
    if (!file) throw notFound('File not found');
    return file;
  }
}
