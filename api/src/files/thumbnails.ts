import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import sharp from 'sharp';
import { AppError } from '../errors/app-error.js';
import type { Logger } from '../logging/logger.js';
import type { FileStorage } from './file-storage.js';

/** Wide enough for the set list's 72 px thumbnail on any screen (and twice that on retina). */
export const THUMBNAIL_WIDTH = 320;
const VARIANT = `thumb-${THUMBNAIL_WIDTH}.webp`;

const exists = (p: string) =>
  fsp.access(p).then(
    () => true,
    () => false,
  );

/**
 * Small WebP thumbnails of stored JPGs, so a page listing many sets downloads kilobytes per set
 * instead of each 5-12 MB still. Made when a JPG is stored (upload or replacement, in the
 * background) and otherwise on first request (files stored before thumbnails existed). A stored
 * file never changes (a replacement is a new file), so a thumbnail is made once and kept beside
 * it in storage, removed with it.
 */
export class ThumbnailService {
  private readonly making = new Map<string, Promise<string>>();
  private background: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: FileStorage,
    private readonly logger: Logger,
  ) {
    storage.registerDerived(VARIANT);
  }

  /** The thumbnail's path, made now if it is missing; one making per file however many ask at once. */
  async ensure(storageKey: string): Promise<string> {
    const target = this.storage.derivedPath(storageKey, VARIANT);
    if (await exists(target)) return target;
    let job = this.making.get(storageKey);
    if (!job) {
      job = this.make(storageKey, target).finally(() => this.making.delete(storageKey));
      this.making.set(storageKey, job);
    }
    return job;
  }

  /**
   * Makes the thumbnails of just-stored JPGs one after another in the background, so an upload's
   * answer does not wait for them; a failure is logged by `make` (the first request tries again).
   */
  prepare(storageKeys: readonly string[]): void {
    for (const key of storageKeys) {
      this.background = this.background.then(() =>
        this.ensure(key).then(
          () => undefined,
          () => undefined,
        ),
      );
    }
  }

  /** Waits for the thumbnails being made (at shutdown, before storage goes away). */
  async close(): Promise<void> {
    await this.background;
    await Promise.allSettled([...this.making.values()]);
  }

  private async make(storageKey: string, target: string): Promise<string> {
    const source = this.storage.absolutePath(storageKey);
    const tmp = `${target}.${randomUUID()}.tmp`;
    try {
      // JPEG shrink-on-load decodes a 4000x3000 still at 1/8 scale: fast, little memory.
      await sharp(source, { failOn: 'none' })
        .rotate() // EXIF orientation, as browsers show the original
        .resize({ width: THUMBNAIL_WIDTH, height: THUMBNAIL_WIDTH, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 70 })
        .toFile(tmp);
      await fsp.rename(tmp, target);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || !(await exists(source))) throw new AppError('NOT_FOUND', 'File not found');
      this.logger.warn({ err, storageKey }, 'could not make a thumbnail');
      throw new AppError('NOT_FOUND', 'No thumbnail can be made of this image');
    }
    // The original went away while this ran (replaced, project deleted): leave no orphan behind.
    if (!(await exists(source))) {
      await fsp.rm(target, { force: true });
      throw new AppError('NOT_FOUND', 'File not found');
    }
    return target;
  }
}
