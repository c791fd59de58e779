/**
 * What the OpenAI provider asks for a photo set (a DJI JPG with no video of its name, issue 30):
 * instructions written for a still photograph (no camera move, no footage words) and the photo's
 * facts from its EXIF and DJI XMP (place names, height, where the camera looked, the light). The
 * answer is held to the clip's rules plus one: no motion word in the title or the description
 * (analysis/metadata/photo.ts MOTION_WORDS); motion keywords are dropped.
 */
import { MOTION_WORDS } from '../../analysis/metadata/photo.js';
import { TITLE_RULES } from '../../analysis/metadata/titles.js';
import { compassName } from '../../analysis/metadata/scene.js';
import { SHOT_TYPES } from '../../analysis/shot-types/index.js';
import type { ClipFacts, GeneratedMetadata } from '../../analysis/metadata/types.js';

export const PHOTO_SYSTEM_PROMPT = [
  'You write metadata for aerial drone stock PHOTOS (Adobe Stock, Shutterstock): one still photograph, not video.',
  'Look at the photo and use the facts given: they are read from its EXIF and are true.',
  `Title: lead with the subject and the place a buyer searches for, then the light or the view, e.g. "Aerial photo of olive groves near Corato in Italy at golden hour". ${TITLE_RULES.minChars} to ${TITLE_RULES.maxChars} characters, at least ${TITLE_RULES.minWords} words, NO commas (Adobe Stock refuses them). Name the place given; never invent one.`,
  'Description: 2-4 complete sentences, each with a subject and a verb, on what the photo shows and where, the view (looking down or toward the horizon) and the light. It is a still photo: NEVER write footage, video, clip, flight, flying, flyover, orbit, tracking, hovering, rising, descending, panning or any camera movement. No camera or drone marketing ("Shot on ..."), no brand names, no notes about missing data, no coordinates.',
  'Keywords: up to 30, chosen for this photo, most important first, single words or short phrases, no duplicates, no brand or camera names, no movement words, no generic filler (beautiful, cinematic, scenic, nobody, destination, tourism, outdoors, environment). Weather words only when the photo shows it.',
  'Location: the place given is what the camera shows (the subject), which may differ from where the drone was.',
  'Categories: choose from the allowed lists only, for what this photo shows; the two Shutterstock categories must differ.',
  'Shot types: every movement type (hover, flyover, rising, descending, orbit, tracking, pan) is false for a photo; keep the measured light and view unless the photo clearly contradicts them.',
].join('\n');

/** The photo's facts in words: place names, never raw coordinates; nothing about duration or movement. */
export function photoFactsText(f: ClipFacts, draft: GeneratedMetadata): string {
  const s = f.summary;
  const p = f.place;
  const lines: string[] = ['Medium: a single aerial photo taken from a drone.'];
  if (!f.position) lines.push('Place: unknown (the photo carries no GPS position).');
  else if (p && !p.country) lines.push('Place: at sea, outside any country.');
  else lines.push(`Place: ${[p?.city ? `near ${p.city}` : null, p?.region, p?.country].filter(Boolean).join(', ')}.`);
  if (s.localStart) lines.push(`Local time taken: ${s.localStart.replace('T', ' ').slice(0, 16)}${s.timeZone ? ` (${s.timeZone})` : ''}.`);
  if (f.light)
    lines.push(
      `Light (sun position): ${f.light.replace('_', ' ')}${f.sunAltitude !== null ? `, sun ${Math.round(f.sunAltitude)} deg above the horizon` : ''}.`,
    );
  const height = s.relAltMax ?? (s.altitudeReference === 'relative' ? s.altitudeMedian : null);
  if (height !== null && height > 0) lines.push(`Height above take-off: ${Math.round(height)} m.`);
  const pitch = s.gimbalPitchMedian;
  const heading = s.startGimbalYaw ?? s.startYaw;
  if (pitch !== null && pitch <= -75) lines.push('View: looking straight down.');
  else if (heading !== null)
    lines.push(`View: looking ${compassName(heading).toLowerCase()}${pitch !== null ? `, ${Math.round(-pitch)} deg below the horizon` : ''}.`);
  const measured = SHOT_TYPES.filter((t) => f.shotTypes[t.id]).map((t) => t.label);
  lines.push(`Measured shot types: ${measured.length ? measured.join(', ') : 'none'}.`);
  if (f.image?.width && f.image.height) lines.push(`Photo: ${f.image.width}x${f.image.height}.`);
  if (f.scene) lines.push(`Dominant colours: ${f.scene.dominantColors.join(', ') || 'mixed'}.`);
  if (draft.reasons) lines.push(`Land cover: ${draft.reasons.landCover}.`, `Content signals for the categories: ${draft.reasons.categories}.`);
  lines.push(`Draft title from the photo's facts (improve it): ${draft.titleCandidates[0]!}`);
  return lines.join('\n');
}

/** A photo answer's problems beyond the clip rules: movement words where a buyer reads them. */
export function photoWordingProblems(a: { title: string; description: string }): string[] {
  const out: string[] = [];
  for (const [field, text] of [
    ['title', a.title],
    ['description', a.description],
  ] as const) {
    const hit = MOTION_WORDS.exec(text);
    if (hit) out.push(`the ${field} of a photo has "${hit[0]}"`);
  }
  return out;
}
