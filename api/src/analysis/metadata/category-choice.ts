/**
 * The agencies' categories for one clip (Adobe Stock's one, Shutterstock's two) from what it shows:
 * its subject and land cover, a landmark circled or a road crossing the pictures, each choice with
 * its reason (GeneratedMetadata.reasons).
 */
import { ROAD_STRIP_THRESHOLD } from '../../adapters/media-tools/image-analysis.js';
import type { AdobeCategory, ShutterstockCategory } from './categories.js';
import type { LandCover } from './land-cover.js';
import type { Subject } from './scene.js';
import type { ClipFacts } from './types.js';

export interface CategoryChoice {
  adobe: AdobeCategory;
  a: ShutterstockCategory;
  b: ShutterstockCategory | null;
  reason: string;
}

/**
 * A landmark: the drone circles one point (orbit, from the telemetry) with built structures filling
 * at least a quarter of the ground in the pictures. No gazetteer shipped in npm lists monuments,
 * castles or bridges worldwide, so the clip's own evidence is the signal; the reason says which.
 */
export const LANDMARK_MIN_BUILT = 0.25;

export function landmarkSignal(f: ClipFacts, subject: Subject): string | null {
  if (!f.shotTypes.orbit || !f.scene || subject === 'open-sea' || subject === 'lake' || subject === 'river' || subject === 'waterside') return null;
  const built = f.scene.bottom.builtOrBare;
  if (built < LANDMARK_MIN_BUILT) return null;
  return `landmark: the drone circles one point (orbit) over built structures (${Math.round(built * 100)}% of the ground in the pictures)`;
}

/** A road: a long straight asphalt strip in at least two of the analysed pictures (image-analysis.ts roadStripScore). */
export function roadSignal(f: ClipFacts, subject: Subject): string | null {
  const score = f.scene?.roadStrip;
  if (score === undefined || score < ROAD_STRIP_THRESHOLD || subject === 'open-sea') return null;
  return `road: a long straight asphalt strip with other ground on both sides in the pictures (score ${score.toFixed(2)})`;
}

/** Categories for a clip from its subject, with a landmark or a road in the pictures weighed in; the reason says why. */
export function categories(f: ClipFacts, subject: Subject, cover: LandCover, coverReason: string): CategoryChoice {
  const base = subjectCategories(f, subject, cover, coverReason);
  const landmark = landmarkSignal(f, subject);
  const road = roadSignal(f, subject);
  if (landmark)
    return {
      adobe: 'Buildings and Architecture',
      a: 'Buildings/Landmarks',
      b: road ? 'Transportation' : base.a === 'Buildings/Landmarks' ? null : base.a,
      reason: [landmark, road, base.reason].filter(Boolean).join('; '),
    };
  if (road) {
    // Open country with a road through it is a transport picture; elsewhere the road comes second.
    const lead = subject === 'landscape' || subject === 'countryside' || subject === 'snow';
    return lead
      ? { adobe: 'Transport', a: 'Transportation', b: base.a, reason: `${road}; ${base.reason}` }
      : { ...base, b: 'Transportation', reason: `${base.reason}; ${road}` };
  }
  return base;
}

function subjectCategories(f: ClipFacts, subject: Subject, cover: LandCover, coverReason: string): CategoryChoice {
  const mountain = f.summary.relAltMin !== null && f.summary.absAltMin !== null && f.summary.absAltMin - f.summary.relAltMin >= 1000;
  switch (subject) {
    case 'city':
      return { adobe: 'Buildings and Architecture', a: 'Buildings/Landmarks', b: f.shotTypes.night ? 'Holidays' : null, reason: `city: ${coverReason}` };
    case 'coast':
    case 'beach':
    case 'cliffs':
      return {
        adobe: 'Travel',
        a: 'Nature',
        b: 'Holidays',
        reason: `${subject}: water and land share the frame${f.place?.coastM != null ? `, ${f.place.coastM} m from the coastline (seas data)` : ''}`,
      };
    case 'open-sea':
      return {
        adobe: 'Landscape',
        a: 'Nature',
        b: f.shotTypes.top_down ? 'Backgrounds/Textures' : null,
        reason: `open sea: ${cover === 'sea' ? coverReason : 'water fills the frame'}${f.shotTypes.top_down ? '; seen straight down, a water texture' : ''}`,
      };
    case 'lake':
      return { adobe: 'Landscape', a: 'Nature', b: null, reason: 'lake: water fills the frame and the inland water data has a water body there' };
    case 'river':
      return { adobe: 'Landscape', a: 'Nature', b: null, reason: 'river: water fills the frame and the river data has a river area there' };
    case 'waterside':
      return { adobe: 'Landscape', a: 'Nature', b: null, reason: 'water inland: water fills the frame; the data has no sea or lake there' };
    case 'forest':
      return { adobe: 'The Environment', a: 'Nature', b: null, reason: 'forest: dark green vegetation covers the ground' };
    case 'snow':
      return { adobe: 'Landscape', a: 'Nature', b: 'Sports/Recreation', reason: 'snow covers the frame (winter landscape)' };
    case 'countryside':
      return { adobe: 'Landscape', a: 'Nature', b: null, reason: `countryside: vegetation covers the ground; ${coverReason}` };
    default:
      return {
        adobe: 'Landscape',
        a: 'Nature',
        b: null,
        reason: mountain ? 'mountains: take-off point over 1,000 m above sea level' : `landscape: ${coverReason}`,
      };
  }
}
