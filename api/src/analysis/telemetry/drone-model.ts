/**
 * Which drone generation wrote a .SRT, from its layout: DJI changed the subtitle format with each
 * generation of firmware (api/test/fixtures/srt/SOURCES.md lists the samples and what each repo
 * says it was filmed on). The answer is one of projects/camera-types.ts, or null where the layout
 * is shared by several generations that the project's own camera type may tell apart better.
 *
 * Only fingerprints seen in real files are used; each answer carries the evidence, for the
 * stored analysis.
 */
import type { CameraTypeValue } from '../metadata/camera-types.js';
import type { Telemetry } from './types.js';

export interface DroneDetection {
  cameraType: CameraTypeValue;
  /** What in the file gave it away, in words. */
  evidence: string;
}

/** Apertures of fixed-aperture cameras; anything else means an adjustable (or tele) lens. */
const FIXED_APERTURES = [1.7, 1.8, 2.2, 2.8];

/** The layout is in the first entries: look no further than this many characters. */
export const DRONE_LAYOUT_HEAD_CHARS = 16_384;

export function detectDroneModel(srtText: string, telemetry: Telemetry): DroneDetection | null {
  const head = srtText.slice(0, DRONE_LAYOUT_HEAD_CHARS);
  switch (telemetry.format) {
    case 'matrice':
      return { cameraType: 'dji-matrice', evidence: 'GPS(lat,lon,altM) BAROMETER layout of the Matrice 300 series' };
    case 'compact':
      return /\bHOME \(|F\.PRY|G\.PRY/.test(head)
        ? { cameraType: 'dji-phantom-4-rtk', evidence: 'one-line layout with HOME, F.PRY and G.PRY (Phantom 4 RTK)' }
        : { cameraType: 'dji-mini-2', evidence: 'one-line "F/2.8, SS .., GPS (..), D .., H .." layout (Mavic Mini, Mini 2, Mini SE)' };
    case 'legacy':
      return { cameraType: 'other', evidence: 'three-line HOME/GPS/BAROMETER layout of the Mavic Pro and Phantom 4 generation' };
    case 'bracket':
      return bracketGeneration(head, telemetry);
    default:
      return null;
  }
}

function bracketGeneration(head: string, telemetry: Telemetry): DroneDetection | null {
  const hasGps = telemetry.samples.some((s) => s.lat !== null);
  // Stabilisation fields only the Neo line writes.
  if (/\[eis:|\[pp_vsync:/.test(head)) return { cameraType: 'other', evidence: 'EIS and pp_* stabilisation fields (DJI Neo line)' };
  // Mavic 2 firmware misspells longitude and writes an absolute altitude only.
  if (/\[longtitude\s*:/.test(head)) return { cameraType: 'dji-mavic-2', evidence: 'the misspelt [longtitude : ] field of Mavic 2 firmware' };
  if (/SrtCnt\s*:/.test(head)) {
    if (/\[altitude\s*:/.test(head) && hasGps) return { cameraType: 'dji-air-2s', evidence: 'SrtCnt counter with [altitude: ] only (Air 2S)' };
    if (/\[rel_alt\s*:/.test(head) && /\[fnum\s*:\s*170\]/.test(head))
      return { cameraType: 'dji-mavic-mini-3-pro', evidence: 'SrtCnt counter, rel_alt/abs_alt and an f/1.7 lens written x100 (Mini 3 generation)' };
    return null;
  }
  // The modern layout (Mavic 3, Mini 4/5, Air 3, Avata 2...): only an adjustable or tele aperture is telling.
  const apertures = new Set(telemetry.samples.map((s) => s.camera.fnum).filter((f): f is number => f !== null));
  const unusual = [...apertures].find((f) => !FIXED_APERTURES.some((a) => Math.abs(a - f) < 0.05));
  if (unusual !== undefined && /FrameCnt:\s*\d/.test(head))
    return { cameraType: 'dji-mavic-3-pro-series', evidence: `f/${unusual} in the modern layout: an adjustable-aperture or tele camera (Mavic 3 series)` };
  return null;
}
