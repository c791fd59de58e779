/**
 * Seeds projects, file sets, media files and results with the ORM: exactly the rows the upload
 * and processing features write, so export tests do not depend on running the pipeline.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AppServices } from '../../../app/compose.js';
import { FileSet } from '../../file-sets/file-set.entity.js';
import { MediaFile, type MediaKind } from '../../file-sets/media-file.entity.js';
import { Project, type ProjectStatus } from '../../projects/project.entity.js';
import { FileSetResult } from '../../results/file-set-result.entity.js';
import { processedResultSchema, type ProcessedResult } from '../../../analysis/metadata/processed-result.js';
import { User } from '../../users/user.entity.js';

const KIND: Record<string, { kind: MediaKind; contentType: string }> = {
  mp4: { kind: 'video', contentType: 'video/mp4' },
  mov: { kind: 'video', contentType: 'video/quicktime' },
  jpg: { kind: 'image', contentType: 'image/jpeg' },
  srt: { kind: 'subtitle', contentType: 'application/x-subrip' },
};

export interface SeedFile {
  /** As uploaded, e.g. DJI_0001.MP4. */
  filename: string;
  /** Real bytes to store through services.storage.write(); without it the row points at no bytes. */
  sourcePath?: string;
}

export interface SeedFileSet {
  baseName: string;
  files: SeedFile[];
  /** The processed result (validated by the same schema the results API uses); omitted: not processed. */
  result?: ResultInput;
}

/** A result with every field optional, for brevity in tests. */
export interface ResultInput {
  title?: string;
  description?: string;
  keywords?: string[];
  adobe?: ProcessedResult['content']['categories']['adobe_category'];
  shutterstockA?: ProcessedResult['content']['categories']['shutterstock_a_category'];
  shutterstockB?: ProcessedResult['content']['categories']['shutterstock_b_category'];
  latitude?: number | null;
  longitude?: number | null;
  city?: string | null;
  country?: string | null;
  shotTypes?: Record<string, boolean>;
}

export function processedResult(r: ResultInput): ProcessedResult {
  return processedResultSchema.parse({
    content: {
      title: r.title ?? '',
      final_description: r.description ?? '',
      keywords: r.keywords ?? [],
      categories: { adobe_category: r.adobe ?? null, shutterstock_a_category: r.shutterstockA ?? null, shutterstock_b_category: r.shutterstockB ?? null },
    },
    metadata: { latitude: r.latitude ?? null, longitude: r.longitude ?? null, city: r.city ?? null, country: r.country ?? null },
    shot_types: r.shotTypes ?? {},
  });
}

export async function seedProject(
  services: AppServices,
  opts: { ownerId: string; name: string; status?: ProjectStatus; sets: SeedFileSet[]; description?: string },
): Promise<{ projectId: string; fileSetIds: string[] }> {
  const em = services.orm.em.fork();
  const project = em.create(Project, {
    owner: em.getReference(User, opts.ownerId),
    name: opts.name,
    description: opts.description ?? null,
    cameraType: 'dji-mavic-3-pro-series',
    status: opts.status ?? 'completed',
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const fileSetIds: string[] = [];
  for (const [position, s] of opts.sets.entries()) {
    const fileSet = em.create(FileSet, { project, baseName: s.baseName, position, createdAt: new Date() });
    fileSetIds.push(fileSet.id);
    for (const f of s.files) {
      const extension = f.filename.split('.').pop()!.toLowerCase();
      const meta = KIND[extension];
      if (!meta) throw new Error(`seedProject: unknown extension of ${f.filename}`);
      const stored = f.sourcePath
        ? await services.storage.write(fs.createReadStream(f.sourcePath), { extension })
        : { storageKey: `${crypto.randomUUID()}.${extension}`, sizeBytes: 0, sha256: createHash('sha256').update('').digest('hex') };
      em.create(MediaFile, { fileSet, filename: f.filename, extension, ...meta, ...stored, createdAt: new Date() });
    }
    if (s.result) {
      const result = processedResult(s.result);
      em.create(FileSetResult, {
        fileSet,
        original: result,
        current: result,
        analysis: { media: { hasAudio: false } },
        provider: 'offline',
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    }
  }
  await em.flush();
  return { projectId: project.id, fileSetIds };
}
