/**
 * Wording for a photo set (a DJI JPG with no video of its name) and for a clip processed without
 * telemetry. A photo has no motion: its shot types keep only what one frame can show (aerial, top
 * down, height, light), and its title, description and keywords say "photo", never footage, flight
 * or a movement. The offline writer gives the subject, place, categories and light; this file
 * rewrites what would speak of video.
 */
import type { ShotType } from '../shot-types/vocabulary.js';
import { offlineMetadata, metres, slotsOf } from './offline.js';
import { compassName, lightOf } from './scene.js';
import type { ClipFacts, GeneratedMetadata } from './types.js';

/** Shot types a single frame cannot show. */
export const MOTION_SHOT_TYPES: readonly ShotType[] = ['hover', 'flyover', 'rising', 'descending', 'orbit', 'tracking', 'pan'];

/** A photo's shot types: the motion ones false, whatever a one-sample track made of them. */
export function stillShotTypes(types: Record<ShotType, boolean>): Record<ShotType, boolean> {
  const out = { ...types };
  for (const t of MOTION_SHOT_TYPES) out[t] = false;
  return out;
}

/** Words a photo's wording never holds (video and movement words). */
export const MOTION_WORDS =
  /\b(footage|video|clip|filmed|filming|flight|flies|flying|fly|flyover|orbit|orbiting|circles|circling|tracking|hovering|hovers|rising|rises|descending|descends|panning|pans|panorama|sweeps|moves|moving|dolly|4k)\b/i;

const PHOTO_KEYWORDS = ['aerial photo', 'drone photo', 'aerial photography', 'still image'];

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "Coastline near Sitges in Catalonia" → an aerial photo title of 40-70 characters where possible. */
function photoTitles(base: string[], subjectNp: string, placeText: string | null, lightTitle: string | null, extras: string[]): string[] {
  const out: string[] = [];
  const add = (t: string) => {
    const clean = t.replace(/\s+/g, ' ').trim();
    if (clean.length <= 90 && !MOTION_WORDS.test(clean) && !out.includes(clean)) out.push(clean);
  };
  const subject = cap(subjectNp.replace(/^(the|a|an) /i, ''));
  const head = `Aerial photo of ${subject}${placeText ? ` ${placeText}` : ''}${lightTitle ? ` ${lightTitle.toLowerCase()}` : ''}`;
  // Titles read best at 40-70 characters (titles.ts TITLE_RULES): a short one takes the height or the view.
  for (const extra of [...extras, '']) if (extra || head.length >= 40) add(`${head}${extra ? ` ${extra}` : ''}`);
  add(`Drone photo of ${subject}${placeText ? ` ${placeText}` : ''}`);
  for (const t of base) add(t.replace(/\bfrom the air\b/i, 'in an aerial photo').replace(/\bseen from the air\b/i, 'in an aerial photo'));
  if (!out.length) out.push('Aerial photo of the landscape taken from a drone');
  return out;
}

export function photoMetadata(f: ClipFacts): GeneratedMetadata {
  const facts: ClipFacts = { ...f, shotTypes: stillShotTypes(f.shotTypes), motion: null, probe: null };
  const base = offlineMetadata(facts);
  const { slots } = slotsOf(facts);
  const subjectNp = slots.subject?.text ?? 'the landscape';
  const placeText = slots.place?.text ?? null;
  const light = lightOf(facts);
  const s = facts.summary;
  const height = s.relAltMax ?? (s.altitudeReference === 'relative' ? s.altitudeMedian : null);
  const pitch = s.gimbalPitchMedian;
  const heading = s.startGimbalYaw ?? s.startYaw;
  const look =
    pitch !== null && pitch <= -75
      ? 'looking straight down'
      : heading !== null
        ? `looking ${compassName(heading).toLowerCase()}${pitch !== null && pitch < -10 ? ` and ${Math.round(-pitch)} degrees down` : ''}`
        : null;
  const sentences = [`An aerial photo of ${subjectNp}${placeText ? ` ${placeText}` : ''}${light.phrase ? ` ${light.phrase}` : ''}.`];
  if (height !== null && height > 2) sentences.push(`Taken from a drone ${metres(height)} above the ground${look ? `, ${look}` : ''}.`);
  else if (look) sentences.push(`Taken from a drone, ${look}.`);
  const keywords = [...PHOTO_KEYWORDS, ...base.result.content.keywords.filter((k) => !MOTION_WORDS.test(k) && k !== 'flight')].filter(
    (k, i, all) => all.indexOf(k) === i,
  );
  const extras = [
    height !== null && height > 2 ? `seen from ${Math.round(height)} m` : null,
    pitch !== null && pitch <= -75 ? 'looking straight down' : heading !== null ? `looking ${compassName(heading).toLowerCase()}` : null,
    'seen from above',
  ].filter((e): e is string => !!e);
  const titles = photoTitles(base.titleCandidates, subjectNp, placeText, light.title, extras);
  return {
    ...base,
    titleCandidates: titles,
    reasons: base.reasons ? { ...base.reasons, templates: ['photo'] } : base.reasons,
    result: {
      ...base.result,
      content: { ...base.result.content, title: titles[0]!, final_description: sentences.join(' '), keywords: keywords.slice(0, 30) },
      shot_types: { ...facts.shotTypes },
    },
  };
}
