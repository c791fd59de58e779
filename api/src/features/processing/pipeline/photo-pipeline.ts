/**
 * The pipeline of a photo set (a JPG with no video of its name): EXIF and DJI XMP -> place ->
 * picture -> wording written for a photo. Same reports and failure rules as run-pipeline.ts.
 * A JPG without EXIF is still a photo: no place, shot types from the picture only. The wording is
 * the provider's photo wording when it has one (the AI, with a prompt written for photos), else the
 * offline photo rules: also the AI's fallback.
 */
import fs from 'node:fs/promises';
import { combineAnalyses } from '../../../adapters/media-tools/index.js';
import { readPhotoExif } from '../../../adapters/media-tools/photo-exif.js';
import { PermanentProcessingError, type ClipFacts } from '../../../analysis/metadata/index.js';
import type { MetadataProvider } from '../../../analysis/metadata/types.js';
import { photoMetadata, stillShotTypes } from '../../../analysis/metadata/photo.js';
import { photoTelemetry } from '../../../analysis/telemetry/photo-sample.js';
import { analyseSetJpg, type PipelineOutput, type StageReport } from './run-pipeline.js';
import { factsOf } from './telemetry-facts.js';
import { placeOf, placeWithWater } from './telemetry-stage.js';

export interface PhotoPipelineInput {
  jpgPath: string;
  baseName: string;
  ordinal: number;
  cameraType: string;
  maxImagePixels?: number;
  jpgFilename?: string;
  /** A DNG travels with the photo (delivery); recorded in the analysis. */
  rawFilename?: string | null;
}

export async function runPhotoPipeline(
  input: PhotoPipelineInput,
  report: (r: StageReport) => Promise<void>,
  provider?: Pick<MetadataProvider, 'generatePhoto'>,
  signal?: AbortSignal,
): Promise<PipelineOutput> {
  try {
    await fs.access(input.jpgPath);
  } catch {
    throw new PermanentProcessingError('The image file is missing from storage');
  }
  await report({ percent: 15, stage: 'telemetry', stageMessage: "Reading the photo's EXIF" });
  const exif = await readPhotoExif(input.jpgPath);
  const t = factsOf(photoTelemetry(exif), '');

  await report({ percent: 35, stage: 'geocode', stageMessage: 'Finding the location' });
  const places = placeOf(t.summary);

  await report({ percent: 45, stage: 'frames', stageMessage: 'Analysing the photo' });
  const image = await analyseSetJpg(input);
  const scene = combineAnalyses([image]);
  // A photo over the sea or a coast is read like a clip: the water data at its point (telemetry-stage.ts).
  const place = await placeWithWater(places, scene);
  const facts: ClipFacts = {
    baseName: input.baseName,
    ordinal: input.ordinal,
    cameraType: input.cameraType,
    cameraTypeSource: 'project',
    probe: null,
    summary: t.summary,
    motion: null,
    shotTypes: stillShotTypes(t.shotTypes),
    light: t.light,
    sunAltitude: t.sunAltitude,
    position: places.position,
    place,
    placeSource: places.placeSource,
    image,
    frames: [],
    scene,
  };
  const ai = provider?.generatePhoto?.bind(provider);
  await report({ percent: 65, stage: 'metadata', stageMessage: ai ? 'Writing metadata for the photo with AI' : 'Writing metadata for the photo' });
  const generated = ai ? await ai(facts, input.jpgPath, signal) : photoMetadata(facts);
  const analysis: Record<string, unknown> = {
    medium: 'photo',
    exif,
    raw: input.rawFilename ?? null,
    summary: t.summary,
    sun: { altitude: t.sunAltitude, light: t.light, time: t.sunTime },
    place,
    placeSource: places.placeSource,
    dronePlace: places.dronePlace,
    subjectPlace: places.subjectPlace,
    lookAt: t.summary.lookAt ?? null,
    image,
    frames: [],
    scene: facts.scene,
    wording: generated.reasons ?? null,
    provider: generated.provider,
    model: generated.model ?? null,
    usage: generated.usage ?? null,
    notes: [...(generated.notes ?? []), ...(exif.lat === null ? ['the photo carries no GPS position: no place named'] : [])],
    missing: [],
  };
  return { facts, generated, analysis };
}
