import fsp from 'node:fs/promises';
import { AppError } from '../../platform/errors/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { FileStorage } from './file-storage.js';
import { ObjectMissingError, type LocalCopy } from '../../adapters/object-storage/index.js';
import { WorkQueue } from '../../platform/http/work-queue.js';
import { checkJpegPixels, DEFAULT_MAX_IMAGE_PIXELS, ImageTooLargeError } from '../../adapters/media-tools/image-limits.js';

/** Wide enough for the set list's 72 px thumbnail on any screen (and twice that on retina). */
export const THUMBNAIL_WIDTH = 320;
/**
 * The editor's preview: twice the widest the preview column is drawn (retina), about 100-250 KB
 * for a photo (noise, the worst case, ~250 KB) instead of a 10 MB still.
 */
export const PREVIEW_WIDTH = 1024;

/** The renditions made of a stored JPG, each once, kept beside it. */
export const RENDITIONS = {
  thumbnail: { width: THUMBNAIL_WIDTH, quality: 70, variant: `thumb-${THUMBNAIL_WIDTH}.webp` },
  preview: { width: PREVIEW_WIDTH, quality: 72, variant: `preview-${PREVIEW_WIDTH}.webp` },
} as const;
export type Rendition = keyof typeof RENDITIONS;

export interface ThumbnailOptions {
  /** MAX_IMAGE_PIXELS: a JPG stating more pixels in its header is refused (413) and never decoded. */
  maxPixels: number;
  /** IMAGE_DECODE_CONCURRENCY: decodes at once in this process. */
  concurrency: number;
  /** IMAGE_DECODE_QUEUE: decodes waiting; one more is a 503 with Retry-After. */
  maxQueued: number;
}

export const DEFAULT_THUMBNAIL_OPTIONS: ThumbnailOptions = { maxPixels: DEFAULT_MAX_IMAGE_PIXELS, concurrency: 2, maxQueued: 32 };

/** A JPG just stored, with its bytes where they still are on this machine if they are (a still just taken from its clip). */
export interface StoredImage {
  storageKey: string;
  /** Renditions are made from here instead of the stored file (in a bucket: never fetched back); released once they are made. */
  local?: LocalCopy;
}

/** Renditions this process made lately, remembered (at most this many) so that `prepare` need not ask storage. */
const MADE_REMEMBERED = 2000;
/**
 * Local copies `prepare` holds while their turn comes (a still is a few MB of the temporary folder);
 * beyond, a copy is let go at once and its renditions read the stored file, as an upload's do.
 */
const MAX_HELD_COPIES = 16;

/**
 * Small WebP thumbnails of stored JPGs, so a page listing many sets downloads kilobytes per set
 * instead of each 5-12 MB still. Made when a JPG is stored (upload or replacement, in the
 * background) and otherwise on first request (files stored before thumbnails existed). A stored
 * file never changes (a replacement is a new file), so a thumbnail is made once and kept beside
 * it in storage, removed with it.
 *
 * Decoding is bounded (issue 28): the JPG's header is read first and an image over the pixel limit
 * is refused without decoding; decodes run on a bounded queue (at most `concurrency` at once, at
 * most `maxQueued` waiting, then 503), and sharp gets the same pixel limit.
 */
export class ThumbnailService {
  private readonly making = new Map<string, Promise<void>>();
  /** `rendition:storageKey` of renditions made here lately, oldest first. */
  private readonly made = new Set<string>();
  /** Local copies handed to `prepare` and not yet released. */
  private heldCopies = 0;
  private background: Promise<void> = Promise.resolve();
  /** The bounded decode queue (its `stats` for tests and metrics). */
  readonly decoding: WorkQueue;

  constructor(
    private readonly storage: FileStorage,
    private readonly logger: Logger,
    readonly options: ThumbnailOptions = DEFAULT_THUMBNAIL_OPTIONS,
  ) {
    for (const r of Object.values(RENDITIONS)) storage.registerDerived(r.variant);
    this.decoding = new WorkQueue({
      name: 'Thumbnail making',
      concurrency: options.concurrency,
      maxQueued: options.maxQueued,
      settings: `IMAGE_DECODE_CONCURRENCY=${options.concurrency}, IMAGE_DECODE_QUEUE=${options.maxQueued}`,
    });
  }

  /** Decodes started, running now and the most ever running at once (tests, metrics). */
  get decodes(): WorkQueue['stats'] {
    return this.decoding.stats;
  }

  /**
   * A rendition (the thumbnail unless named) as a local file (on disk, or a cached copy of its
   * object), made now if it is missing; one making per file and rendition however many ask at once.
   * `filename` names the image in a refusal. `release` the copy once it is sent.
   */
  async ensure(storageKey: string, filename = 'The image', rendition: Rendition = 'thumbnail'): Promise<LocalCopy> {
    const { variant } = RENDITIONS[rendition];
    const ready = await this.storage.derivedCopy(storageKey, variant);
    if (ready) return ready;
    await this.makeOnce(storageKey, filename, rendition);
    const made = await this.storage.derivedCopy(storageKey, variant);
    if (!made) throw new AppError('NOT_FOUND', 'File not found');
    return made;
  }

  /**
   * Makes the thumbnails of just-stored JPGs one after another in the background, so an upload's
   * answer does not wait for them; a failure is logged by `make` (the first request tries again).
   * Nothing is sent here, so a rendition is only made: in a bucket, never fetched back. A key just
   * stored is new (keys are random), so its renditions exist only if a request made them meanwhile,
   * which this process remembers: storage is not asked (in a bucket a HEAD each), and one check
   * that the JPG is still there follows both renditions (a request to another API process making one
   * meanwhile costs a decode made twice, never a wrong file).
   */
  prepare(images: readonly (string | StoredImage)[]): void {
    for (const image of images) {
      const storageKey = typeof image === 'string' ? image : image.storageKey;
      let local = typeof image === 'string' ? undefined : image.local;
      if (local && this.heldCopies >= MAX_HELD_COPIES) {
        local.release();
        local = undefined;
      }
      if (local) this.heldCopies++;
      this.background = this.background.then(async () => {
        try {
          // The thumbnail first (the list shows it at once), then the editor's preview.
          for (const rendition of ['thumbnail', 'preview'] as const) {
            if (!this.made.has(`${rendition}:${storageKey}`)) await this.makeOnce(storageKey, 'The image', rendition, { source: local, checkKept: false });
          }
          await this.removeIfOrphaned(storageKey);
        } catch {
          return;
        } finally {
          if (local) {
            local.release();
            this.heldCopies--;
          }
        }
      });
    }
  }

  /** Makes a rendition, once however many ask for it at the same time. */
  private makeOnce(storageKey: string, filename: string, rendition: Rendition, how: MakeOptions = {}): Promise<void> {
    const key = `${rendition}:${storageKey}`;
    let job = this.making.get(key);
    if (!job) {
      job = this.make(storageKey, filename, rendition, how).finally(() => this.making.delete(key));
      this.making.set(key, job);
    }
    return job;
  }

  /** Resolves once the thumbnails being made now are made (tests, and `close`). */
  async whenIdle(): Promise<void> {
    await this.background;
    await Promise.allSettled([...this.making.values()]);
  }

  /** Waits for the thumbnails being made (at shutdown, before storage goes away). */
  close(): Promise<void> {
    return this.whenIdle();
  }

  private async make(storageKey: string, filename: string, rendition: Rendition, how: MakeOptions): Promise<void> {
    const { width, quality, variant } = RENDITIONS[rendition];
    let source: LocalCopy;
    try {
      // A local copy given is its owner's to release (kept for the next rendition).
      source = how.source ? { path: how.source.path, release: () => undefined } : await this.storage.localFile(storageKey);
    } catch (err) {
      if (err instanceof ObjectMissingError) throw new AppError('NOT_FOUND', 'File not found');
      throw err;
    }
    const tmp = this.storage.derivedScratch(storageKey, variant);
    try {
      // The header first: a pixel bomb is refused here, before a byte of it is decoded.
      await checkJpegPixels(source.path, this.options.maxPixels, filename);
      // sharp (libvips) loads on the first thumbnail, not with the API process.
      const { default: sharp } = await import('sharp');
      await this.decoding.run(async () => {
        // JPEG shrink-on-load decodes a 4000x3000 still at 1/8 scale (1/2 for the preview): fast, little memory.
        await sharp(source.path, { failOn: 'none', limitInputPixels: this.options.maxPixels })
          .rotate() // EXIF orientation, as browsers show the original
          .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
          .webp({ quality })
          .toFile(tmp);
      });
      await this.storage.putDerived(storageKey, variant, tmp);
      this.remember(`${rendition}:${storageKey}`);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      if (err instanceof ImageTooLargeError)
        throw new AppError('PAYLOAD_TOO_LARGE', `No thumbnail: ${err.message}`, { ...err.size, maxImagePixels: err.maxPixels });
      if (err instanceof AppError) throw err; // the decode queue is full (503)
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (await this.storage.sizeOf(storageKey)) === null)
        throw new AppError('NOT_FOUND', 'File not found');
      this.logger.warn({ err, storageKey }, 'could not make a thumbnail');
      throw new AppError('NOT_FOUND', 'No thumbnail can be made of this image');
    } finally {
      source.release();
    }
    if (how.checkKept !== false) await this.removeIfOrphaned(storageKey);
  }

  /** The original went away while its renditions were made (replaced, project deleted): no orphan is left behind. */
  private async removeIfOrphaned(storageKey: string): Promise<void> {
    if ((await this.storage.sizeOf(storageKey)) !== null) return;
    await this.storage.remove(storageKey);
    for (const r of Object.keys(RENDITIONS)) this.made.delete(`${r}:${storageKey}`);
    throw new AppError('NOT_FOUND', 'File not found');
  }

  private remember(id: string): void {
    this.made.delete(id);
    this.made.add(id);
    if (this.made.size > MADE_REMEMBERED) this.made.delete(this.made.values().next().value!);
  }
}

interface MakeOptions {
  /** The JPG's bytes on this machine (a still just taken), instead of fetching the stored file. */
  source?: LocalCopy;
  /** false: the caller checks that the JPG is still stored once it has made all it makes. */
  checkKept?: boolean;
}
