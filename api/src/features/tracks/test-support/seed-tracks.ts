/** Seeding for the track tests: an SRT of generated text on a set, and a stored result for a set. */
import { Readable } from 'node:stream';
import type { Orm } from '../../../platform/db/database.js';
import type { FileStorage } from '../../files/file-storage.js';
import { FileSet } from '../../file-sets/file-set.entity.js';
import { MediaFile } from '../../file-sets/media-file.entity.js';
import { FileSetResult } from '../../results/file-set-result.entity.js';
import type { ProcessedResult } from '../../../analysis/metadata/processed-result.js';

interface Services {
  orm: Orm;
  storage: Pick<FileStorage, 'write'>;
}

/** Stores `text` as the set's `<baseName>.SRT`, as an upload would. */
export async function addSrt(services: Services, fileSetId: string, text: string): Promise<void> {
  const em = services.orm.em.fork();
  const set = await em.findOneOrFail(FileSet, { id: fileSetId });
  const stored = await services.storage.write(Readable.from([Buffer.from(text, 'utf8')]), { extension: 'srt' });
  em.create(MediaFile, {
    fileSet: set,
    filename: `${set.baseName}.SRT`,
    extension: 'srt',
    kind: 'subtitle',
    contentType: 'application/x-subrip',
    ...stored,
    createdAt: new Date(),
  });
  await em.flush();
}

/** A stored result with this title and a probed video length (the frames are taken at shares of it). */
export async function addResult(services: Services, fileSetId: string, title: string, videoDuration: number): Promise<void> {
  const em = services.orm.em.fork();
  const result: ProcessedResult = {
    content: {
      title,
      final_description: 'A drone flies along the coast.',
      keywords: ['aerial', 'coast'],
      categories: { adobe_category: null, shutterstock_a_category: null, shutterstock_b_category: null },
    },
    metadata: { latitude: null, longitude: null, city: null, country: null },
    shot_types: {},
  } as unknown as ProcessedResult;
  em.create(FileSetResult, {
    fileSet: em.getReference(FileSet, fileSetId),
    original: result,
    current: result,
    analysis: { probe: { duration: videoDuration } },
    provider: 'offline',
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await em.flush();
}
