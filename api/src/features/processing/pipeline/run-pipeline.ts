/**
 * The pipeline of one file set: probe -> telemetry -> geocode -> analyse image and frames ->
 * metadata. Each stage reports { percent, stage, stageMessage }. It reads files and calls the
 * provider; saving is the caller's (so this runs the same in the worker, the tests and the bench).
 *
 * Failures: a video ffprobe cannot read, a JPG that does not decode, or a missing file is permanent
 * (PermanentProcessingError: retrying cannot fix the bytes). Anything else is transient.
 */
import fs from 'node:fs/promises';
import {
  analyseImage,
  combineAnalyses,
  extractFrames,
  MediaUnreadableError,
  probeVideo,
  type ImageAnalysis,
  type VideoProbe,
} from '../../../adapters/media-tools/index.js';
import { PermanentProcessingError, type ClipFacts, type GeneratedMetadata, type MetadataProvider } from '../../../analysis/metadata/index.js';
import { DEFAULT_SRT_MAX_BYTES } from '../../../platform/config/size-limits.js';
import { DEFAULT_MAX_IMAGE_PIXELS, ImageTooLargeError, pixelProblem } from '../../../adapters/media-tools/image-limits.js';
import { clipCameraType, placeOf, placeWithWater, readTelemetryFile } from './telemetry-stage.js';
import { frameChange } from '../../../adapters/media-tools/frame-change.js';
import { noTelemetryFacts, NO_TELEMETRY_RESULT_NOTE, pictureMotionShotTypes } from './no-telemetry.js';

export interface StageReport {
  percent: number;
  stage: 'probe' | 'telemetry' | 'geocode' | 'frames' | 'metadata' | 'save';
  stageMessage: string;
}

export interface PipelineInput {
  videoPath: string;
  /**
   * The uploaded JPG, or the still taken from the video. The JPG and the SRT may still be on their
   * way (fetched from a bucket while the clip is probed): each is awaited where it is first needed.
   */
  jpgPath: string | Promise<string>;
  /** Null: a clip the user chose to process without telemetry (from the pictures alone). */
  srtPath: string | null | Promise<string | null>;
  baseName: string;
  ordinal: number;
  cameraType: string;
  /** SRT_MAX_BYTES: a larger .SRT fails the set (default DEFAULT_SRT_MAX_BYTES). */
  srtMaxBytes?: number;
  /** The .SRT's name as uploaded, for messages (default `<baseName>.SRT`). */
  srtFilename?: string;
  /** MAX_IMAGE_PIXELS: a larger JPG fails the set, never decoded (default DEFAULT_MAX_IMAGE_PIXELS). */
  maxImagePixels?: number;
  /** The JPG's name as uploaded, for messages (default `<baseName>.JPG`). */
  jpgFilename?: string;
}

export interface PipelineOutput {
  facts: ClipFacts;
  generated: GeneratedMetadata;
  /** What was measured, stored with the result (exports, support, the editor's "why"). */
  analysis: Record<string, unknown>;
}

async function readable(path: string, what: string): Promise<void> {
  if (/^https?:\/\//.test(path)) return; // a presigned bucket URL: its object was checked by the worker
  try {
    await fs.access(path);
  } catch {
    throw new PermanentProcessingError(`The ${what} file is missing from storage`);
  }
}

/** A path once it has come (null: no such file), checked readable; a handler attached, the failure met where it is awaited. */
function arrived<T extends string | null>(path: T | Promise<T>, what: string): Promise<T> {
  const checked = Promise.resolve(path).then(async (p) => {
    if (p) await readable(p, what);
    return p;
  });
  checked.catch(() => undefined);
  return checked;
}

export async function runPipeline(
  input: PipelineInput,
  provider: MetadataProvider,
  report: (r: StageReport) => Promise<void>,
  signal?: AbortSignal,
): Promise<PipelineOutput> {
  // The JPG and the SRT checked as they come; a failure is met where each is awaited.
  const jpgArrives = arrived(input.jpgPath, 'image');
  const srtArrives = arrived(input.srtPath, 'subtitle');
  await readable(input.videoPath, 'video');

  await report({ percent: 5, stage: 'probe', stageMessage: 'Probing video' });
  let probe: VideoProbe;
  try {
    probe = await probeVideo(input.videoPath);
  } catch (err) {
    if (err instanceof MediaUnreadableError) throw new PermanentProcessingError(err.message);
    throw err;
  }

  // The frames are read while the telemetry and the place are worked out: they need only the clip
  // and its duration, and from a bucket much of their time is waiting on ranged reads. A handler is
  // attached at once (a failure is rethrown where the frames are awaited), and whatever happens the
  // frames' folder goes once they are read.
  const framesRead = extractFrames(input.videoPath, probe.duration, { maxWidth: 512 });
  framesRead.catch(() => undefined);
  try {
    const srtPath = await srtArrives;
    await report({ percent: 20, stage: 'telemetry', stageMessage: srtPath ? 'Parsing telemetry' : 'No telemetry: reading the pictures alone' });
    const t = srtPath
      ? await readTelemetryFile(srtPath, input.srtMaxBytes ?? DEFAULT_SRT_MAX_BYTES, input.srtFilename ?? `${input.baseName}.SRT`)
      : noTelemetryFacts();

    await report({ percent: 35, stage: 'geocode', stageMessage: 'Finding the location' });
    const places = placeOf(t.summary);
    const { position } = places;

    await report({ percent: 45, stage: 'frames', stageMessage: 'Analysing image and frames' });
    const jpgPath = await jpgArrives;
    const image = await analyseSetJpg({ ...input, jpgPath });
    const { frames: framePaths } = await framesRead;
    const frames: ImageAnalysis[] = [];
    for (const f of framePaths) frames.push(await analyseImage(f, input.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS));
    // Without telemetry, the shot types come from the picture motion between the frames alone.
    const shotTypes = srtPath ? t.shotTypes : pictureMotionShotTypes(t.shotTypes, await frameChange(framePaths));
    const scene = combineAnalyses([image, ...frames]);
    // Sea, coast or lake from the water data at the place's point, once the pictures say there is water.
    const place = await placeWithWater(places, scene);
    const facts: ClipFacts = {
      baseName: input.baseName,
      ordinal: input.ordinal,
      // The clip's own telemetry knows its aircraft better than the project's one choice for all clips.
      ...clipCameraType(t.drone, input.cameraType),
      probe,
      summary: t.summary,
      motion: t.motion,
      shotTypes,
      light: t.light,
      sunAltitude: t.sunAltitude,
      position,
      place,
      placeSource: places.placeSource,
      image,
      frames,
      scene,
    };

    await report({ percent: 65, stage: 'metadata', stageMessage: provider.name === 'openai' ? 'Generating metadata with AI' : 'Generating metadata' });
    const generated = await provider.generate(facts, { jpg: jpgPath, frames: framePaths }, signal);

    const telemetryInfo = t.telemetry;
    const analysis: Record<string, unknown> = {
      probe,
      telemetry: {
        format: telemetryInfo.format,
        warnings: telemetryInfo.warnings.slice(0, 20),
        coordinateDecimals: telemetryInfo.coordinateDecimals,
        sampleCount: telemetryInfo.entryCount,
        // Entries the figures left out (pre-lock, glitches, clock jumping back) and examples of each.
        dropped: t.summary.dropped ?? null,
      },
      summary: t.summary,
      camera: { type: facts.cameraType, source: facts.cameraTypeSource, evidence: t.drone?.evidence ?? null, projectCameraType: input.cameraType },
      motion: t.motion,
      sun: { altitude: t.sunAltitude, light: t.light, time: t.sunTime },
      place,
      // Which place the wording used (the subject's, from the gimbal, when it differs) and both candidates.
      placeSource: places.placeSource,
      dronePlace: places.dronePlace,
      subjectPlace: places.subjectPlace,
      lookAt: t.summary.lookAt ?? null,
      image,
      frames,
      scene: facts.scene,
      wording: generated.reasons ?? null,
      provider: generated.provider,
      model: generated.model ?? null,
      usage: generated.usage ?? null,
      notes: generated.notes ?? [],
      // What the set lacked (shown with the result): a clip processed without its .SRT.
      missing: srtPath ? [] : ['srt'],
      missingNote: srtPath ? null : NO_TELEMETRY_RESULT_NOTE,
    };
    return { facts, generated, analysis };
  } finally {
    const read = await framesRead.catch(() => null);
    if (read) await fs.rm(read.dir, { recursive: true, force: true });
  }
}

/**
 * The set's JPG analysed (a clip's still or a photo), within the pixel limit: an image over it, or
 * one that does not decode, fails the set for good with a message naming the file.
 */
export async function analyseSetJpg(input: { jpgPath: string; baseName: string; maxImagePixels?: number; jpgFilename?: string }): Promise<ImageAnalysis> {
  try {
    return await analyseImage(input.jpgPath, input.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS);
  } catch (err) {
    if (err instanceof ImageTooLargeError)
      throw new PermanentProcessingError(`${input.jpgFilename ?? `${input.baseName}.JPG`} ${pixelProblem(err.size, err.maxPixels)}`);
    throw new PermanentProcessingError('The JPG image could not be decoded');
  }
}
