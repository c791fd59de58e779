/**
 * What the telemetry stage learns from a .SRT: the parse's counts and warnings, the track summary
 * and the shot-type analysis. Imports only the parser, summary and rules (not the whole analysis
 * package), because the telemetry thread loads this module for every file it reads.
 */
import { createReadStream } from 'node:fs';
import { parseDjiSrt, SrtStreamParser } from '../../../analysis/telemetry/parse.js';
import { summarizeTrack } from '../../../analysis/telemetry/summary.js';
import type { Telemetry, TrackSummary } from '../../../analysis/telemetry/types.js';
import { analyseShotTypes, type MotionFeatures } from '../../../analysis/shot-types/derive.js';
import type { LightPhase } from '../../../analysis/shot-types/sun.js';
import type { ShotType } from '../../../analysis/shot-types/vocabulary.js';
import { detectDroneModel, DRONE_LAYOUT_HEAD_CHARS, type DroneDetection } from '../../../analysis/telemetry/drone-model.js';

/** The parse without its samples (only the summary and rules need them, and they run beside the parse). */
export type TelemetryInfo = Omit<Telemetry, 'samples'> & { entryCount: number };

export interface TelemetryFacts {
  telemetry: TelemetryInfo;
  summary: TrackSummary;
  motion: MotionFeatures | null;
  shotTypes: Record<ShotType, boolean>;
  light: LightPhase | null;
  sunAltitude: number | null;
  sunTime: string | null;
  /** The drone generation the .SRT layout tells, when it tells one. */
  drone: DroneDetection | null;
}

/** `head`: the file's first characters, where its layout shows (the drone generation). */
export function factsOf(telemetry: Telemetry, head: string): TelemetryFacts {
  const summary = summarizeTrack(telemetry);
  const shots = analyseShotTypes(summary, telemetry.samples);
  const { samples, ...info } = telemetry;
  return {
    telemetry: { ...info, entryCount: info.entryCount ?? samples.length },
    summary,
    motion: shots.motion,
    shotTypes: shots.types,
    light: shots.light,
    sunAltitude: shots.sunAltitude,
    sunTime: shots.sunTime,
    drone: detectDroneModel(head, telemetry),
  };
}

/** Facts of a whole .SRT text in memory (tests, fixtures). */
export function factsOfText(srtText: string): TelemetryFacts {
  return factsOf(parseDjiSrt(srtText), srtText.slice(0, DRONE_LAYOUT_HEAD_CHARS));
}

/** Facts of a .SRT file read as a stream: memory stays bounded whatever the file's size. */
export async function factsOfFile(srtPath: string): Promise<TelemetryFacts> {
  const parser = new SrtStreamParser();
  let head = '';
  for await (const chunk of createReadStream(srtPath, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
    if (head.length < DRONE_LAYOUT_HEAD_CHARS) head += (chunk as string).slice(0, DRONE_LAYOUT_HEAD_CHARS - head.length);
    parser.push(chunk as string);
  }
  return factsOf(parser.end(), head);
}
