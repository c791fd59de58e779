/** What a metadata provider is given about one clip, and what it answers. */
import type { ImageAnalysis, VideoProbe } from '../../adapters/media-tools/index.js';
import type { Place } from '../place/index.js';
import type { LightPhase, MotionFeatures, ShotType } from '../shot-types/index.js';
import type { TrackSummary } from '../telemetry/index.js';
import type { ProcessedResult } from './processed-result.js';

/** Everything the pipeline measured about one file set, before any wording. */
export interface ClipFacts {
  /** Shared base filename, e.g. DJI_0023. */
  baseName: string;
  /** 1-based position of the set in its project ("File Set N"). */
  ordinal: number;
  /** The clip's camera type (one of projects/camera-types.ts): detected from its .SRT when the layout tells, else the project's. */
  cameraType: string;
  /** Where `cameraType` came from. */
  cameraTypeSource: 'telemetry' | 'project';
  probe: VideoProbe | null;
  summary: TrackSummary;
  motion: MotionFeatures | null;
  shotTypes: Record<ShotType, boolean>;
  light: LightPhase | null;
  sunAltitude: number | null;
  /** Where the clip was filmed (track centre), or null without a GPS fix. */
  position: { latitude: number; longitude: number } | null;
  /** Place names for the wording and city/country: the subject's (gimbal look point) when it differs from the drone's; null without a fix, all-null fields at sea. */
  place: Place | null;
  /** Which place `place` is (absent: the drone's). */
  placeSource?: 'drone' | 'subject' | null;
  /** The JPG's analysis, null if it could not be decoded. */
  image: ImageAnalysis | null;
  /** The video frames' analyses. */
  frames: ImageAnalysis[];
  /** JPG and frames averaged: the scene the wording describes. */
  scene: ImageAnalysis | null;
}

/** Image files a vision model may look at (the JPG first, then frames). */
export interface ClipImages {
  jpg: string | null;
  frames: string[];
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface GeneratedMetadata {
  result: ProcessedResult;
  /**
   * Titles to use, best first: the pipeline takes the first one no other set of the project has,
   * so two clips of one project never share a title.
   */
  titleCandidates: string[];
  /** Provider that actually wrote the result (openai may fall back to offline; see openai.ts). */
  provider: 'offline' | 'openai';
  model?: string;
  usage?: TokenUsage;
  notes?: string[];
  /** Why the wording chose what it chose (stored with the analysis). */
  reasons?: WordingReasons;
}

export interface WordingReasons {
  /** Why these categories, e.g. "city: Barcelona (1,620,343 people) 1.2 km away". */
  categories: string;
  /** Urban, rural or at sea, and from what. */
  landCover: string;
  /** Which place the title and location fields name, and why. */
  place: string;
  /** Template ids used for the description, in order. */
  templates: string[];
}

export interface MetadataProvider {
  readonly name: 'offline' | 'openai';
  generate(facts: ClipFacts, images: ClipImages, signal?: AbortSignal): Promise<GeneratedMetadata>;
  /**
   * A photo set's wording (a JPG alone: no frames, no motion), when the provider writes its own;
   * without it a photo gets the offline photo wording (photo.ts).
   */
  generatePhoto?(facts: ClipFacts, jpg: string, signal?: AbortSignal): Promise<GeneratedMetadata>;
}

/** The place as the product shows it when there is no GPS fix at all (SPEC §2: "Unknown if missing"). */
export const UNKNOWN_PLACE = 'Unknown';
