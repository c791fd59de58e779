/**
 * The offline metadata provider: deterministic wording from the measured facts, no network.
 * Title pattern: "Aerial Drone <Movement> <prep> <City> <Subject>, <Country>[, <light>]", e.g.
 * "Aerial Drone Flyover of Corato Countryside, Italy, at Golden Hour". Keywords go from the most
 * specific (place, subject, movement) to the general (aerial view, travel); no brand or tool names,
 * which agencies reject as trademarks.
 */
import { normalizeKeywords } from './processed-result.js';
import type { AdobeCategory, ShutterstockCategory } from './categories.js';
import {
  compassName,
  heightPhrase,
  lightOf,
  movementOf,
  resolutionLabel,
  subjectOf,
  SUBJECT_KEYWORDS,
  SUBJECT_NOUN,
  timeOfDay,
  type Subject,
} from './scene.js';
import { cameraTypePhrase } from './camera-types.js';
import { UNKNOWN_PLACE, type ClipFacts, type GeneratedMetadata, type MetadataProvider } from './types.js';

const CATEGORIES: Record<Subject, { adobe: AdobeCategory; a: ShutterstockCategory; b: ShutterstockCategory }> = {
  'open-sea': { adobe: 'Landscape', a: 'Nature', b: 'Backgrounds/Textures' },
  coast: { adobe: 'Travel', a: 'Nature', b: 'Holidays' },
  lake: { adobe: 'Landscape', a: 'Nature', b: 'Backgrounds/Textures' },
  snow: { adobe: 'Landscape', a: 'Nature', b: 'Holidays' },
  forest: { adobe: 'The Environment', a: 'Nature', b: 'Backgrounds/Textures' },
  countryside: { adobe: 'Landscape', a: 'Nature', b: 'Backgrounds/Textures' },
  city: { adobe: 'Buildings and Architecture', a: 'Buildings/Landmarks', b: 'Transportation' },
  landscape: { adobe: 'Landscape', a: 'Nature', b: 'Backgrounds/Textures' },
};

/** Without a place, an adjective keeps the title from reading like a bare category. */
const NO_PLACE_NOUN: Partial<Record<Subject, string>> = {
  landscape: 'Scenic Landscape',
  countryside: 'Green Countryside',
  forest: 'Dense Forest',
  city: 'City Rooftops',
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const round = (n: number, step = 1) => Math.round(n / step) * step;

/** "Corato Countryside, Italy" / "Countryside in Washington, United States" / "Open Sea" / "Landscape". */
function placeTitle(f: ClipFacts, subject: Subject): string {
  const noun = SUBJECT_NOUN[subject];
  const p = f.place;
  if (subject === 'open-sea') return noun;
  if (!p) return NO_PLACE_NOUN[subject] ?? noun;
  if (p.city) return `${p.city} ${noun}, ${p.country}`;
  if (p.region) return `${noun} in ${p.region}, ${p.country}`;
  if (p.country) return `${noun} in ${p.country}`;
  return noun;
}

/** "the countryside near Corato, Apulia, Italy" for descriptions. */
function placePhrase(f: ClipFacts, subject: Subject): string {
  const noun = subject === 'open-sea' ? 'the open sea' : `${subject === 'city' ? 'the city' : `the ${SUBJECT_NOUN[subject].toLowerCase()}`}`;
  const p = f.place;
  if (!p || subject === 'open-sea') return noun;
  const where = [p.city, p.region, p.country].filter((x): x is string => !!x);
  if (!where.length) return noun;
  if (subject === 'city' && p.city) return `the city of ${where.join(', ')}`;
  return `${noun} ${p.city ? 'near' : 'in'} ${where.join(', ')}`;
}

function describe(f: ClipFacts, subject: Subject): string {
  const mv = movementOf(f);
  const light = lightOf(f);
  const sentences: string[] = [];
  sentences.push(`Aerial drone ${mv.phrase} ${mv.prep} ${placePhrase(f, subject)}${light.phrase ? ` ${light.phrase}` : ''}.`);

  const s = f.summary;
  const bits: string[] = [];
  const speed = f.motion?.meanSpeed ?? s.avgGroundSpeed;
  if (speed !== null && speed >= 1) bits.push(`travels at about ${round(speed)} m/s`);
  else if (f.shotTypes.hover) bits.push('holds its position');
  const heading = s.netHeading ?? s.initialHeading;
  if (heading !== null && speed !== null && speed >= 1) bits.push(`heading ${compassName(heading).toLowerCase()}`);
  const h = f.motion?.medianHeight ?? s.altitudeMedian;
  if (h !== null && s.altitudeReference === 'relative' && h > 2) bits.push(`about ${round(h)} m above the ground`);
  if (s.climb !== null && Math.abs(s.climb) >= 5) bits.push(`${s.climb > 0 ? 'climbing' : 'descending'} ${round(Math.abs(s.climb))} m`);
  const duration = f.probe?.duration ?? (s.duration > 0 ? s.duration : null);
  if (bits.length) sentences.push(`The drone ${bits.join(', ')}${duration ? ` over ${round(duration)} seconds` : ''}.`);

  const scene = f.scene;
  if (scene) {
    const colours = scene.dominantColors.filter((c) => c !== 'black' && c !== 'grey');
    const sky = scene.top.sky >= 0.25 ? ' under a blue sky' : '';
    if (colours.length) sentences.push(`${cap(joinWords(colours))} tones dominate the frame${sky}.`);
    else if (sky) sentences.push(`A blue sky fills the top of the frame.`);
  }
  const res = resolutionLabel(f.probe?.width ?? null, f.probe?.height ?? null);
  const tech = [res ? `${res}` : null, f.probe?.fps ? `${round(f.probe.fps)} fps` : null].filter(Boolean).join(' at ');
  const camera = cameraTypePhrase(f.cameraType);
  if (camera) sentences.push(`${camera}${tech ? `, ${tech}` : ''}.`);
  else if (tech) sentences.push(`Filmed in ${tech}.`);
  if (!f.position) sentences.push('The location was not recorded.');
  return sentences.join(' ');
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function keywords(f: ClipFacts, subject: Subject): string[] {
  const mv = movementOf(f);
  const light = lightOf(f);
  const p = f.place;
  const scene = f.scene;
  const out: string[] = ['aerial', 'drone'];
  if (p?.city) out.push(p.city);
  if (p?.region) out.push(p.region);
  if (p?.country) out.push(p.country);
  out.push(...SUBJECT_KEYWORDS[subject]);
  out.push(...mv.keywords, ...light.keywords);
  out.push('aerial view', 'drone footage', 'from above');
  if (scene) {
    if (scene.top.sky >= 0.25) out.push('blue sky', 'sky');
    if (scene.whole.vegetation >= 0.2 && subject !== 'countryside' && subject !== 'forest') out.push('green', 'vegetation');
    if (scene.whole.water >= 0.15 && !['coast', 'lake', 'open-sea'].includes(subject)) out.push('water');
    out.push(...scene.dominantColors.filter((c) => c !== 'black' && c !== 'grey'));
  }
  if (f.shotTypes.high_altitude) out.push('high altitude');
  if (f.shotTypes.low_altitude) out.push('low altitude');
  if (f.shotTypes.top_down && mv.id !== 'top_down') out.push("bird's eye view");
  const res = resolutionLabel(f.probe?.width ?? null, f.probe?.height ?? null);
  if (res === '4K' || res === '5K') out.push('4k');
  out.push('landscape', 'travel', 'nature', 'scenic', 'outdoors', 'beautiful', 'cinematic', 'nobody', 'destination', 'environment', 'tourism');
  return normalizeKeywords(out);
}

/** Title candidates, best first: the plain title, then ever more specific variants, then the clip number. */
function titleCandidates(f: ClipFacts, subject: Subject): string[] {
  const mv = movementOf(f);
  const light = lightOf(f);
  const where = placeTitle(f, subject);
  const base = `Aerial Drone ${mv.title} ${mv.prep} ${where}${light.title ? `${where.includes(',') ? ',' : ''} ${light.title}` : ''}`;
  const heading = f.summary.netHeading ?? f.summary.initialHeading;
  const qualifiers = [
    heading !== null && mv.id !== 'hover' && mv.id !== 'orbit' ? `Heading ${compassName(heading)}` : null,
    heightPhrase(f),
    light.title ? null : timeOfDay(f.summary.localStart) ? `in the ${timeOfDay(f.summary.localStart)}` : null,
  ].filter((q): q is string => !!q);
  const out = [base];
  for (let i = 1; i <= qualifiers.length; i++) out.push(`${base}, ${qualifiers.slice(0, i).join(', ')}`);
  out.push(`${base}, Clip ${f.ordinal}`);
  return [...new Set(out)];
}

export function offlineMetadata(f: ClipFacts): GeneratedMetadata {
  const subject = subjectOf(f);
  const titles = titleCandidates(f, subject);
  const cats = CATEGORIES[subject];
  const noFix = !f.position;
  return {
    provider: 'offline',
    titleCandidates: titles,
    result: {
      content: {
        title: titles[0]!,
        final_description: describe(f, subject),
        keywords: keywords(f, subject),
        categories: { adobe_category: cats.adobe, shutterstock_a_category: cats.a, shutterstock_b_category: cats.b },
      },
      metadata: {
        latitude: f.position?.latitude ?? null,
        longitude: f.position?.longitude ?? null,
        city: noFix ? UNKNOWN_PLACE : (f.place?.city ?? null),
        country: noFix ? UNKNOWN_PLACE : (f.place?.country ?? null),
      },
      shot_types: { ...f.shotTypes },
    },
  };
}

export class OfflineMetadataProvider implements MetadataProvider {
  readonly name = 'offline' as const;
  async generate(facts: ClipFacts): Promise<GeneratedMetadata> {
    return offlineMetadata(facts);
  }
}
