/**
 * The offline metadata provider: deterministic wording from the measured facts, no network.
 *
 * - Title: a noun phrase leading with the subject and place, then the light and the camera move,
 *   e.g. "Coastline near Reykjavik in Iceland at sunset from a rising drone". Built to fit every
 *   agency by construction (TITLE_RULES: no commas, 40 to 70 characters, at least 5 words); other
 *   sets of the project get variants that differ by a real fact (time of day, heading, height, sky)
 *   (titles.ts). The subject and move words titles and descriptions share are in subject-move-words.ts.
 * - Description: sentences from typed-slot templates (wording.ts), chosen by the set's position so
 *   neighbouring sets read differently: what and where, the move (amounts over telemetry time), what
 *   the pictures show, and the clip's length from the video. No camera marketing, no internal notes.
 * - Keywords per clip: place, subject, land cover (urban or rural from the gazetteer's population, the
 *   sea from the geocoder), move, light, what the image shows (sky, water, snow, colours). No filler block.
 * - Categories per clip from the content, with the reason recorded (category-choice.ts), and the land
 *   cover under it (land-cover.ts).
 */
import { normalizeKeywords } from './processed-result.js';
import { categories, landmarkSignal, roadSignal } from './category-choice.js';
import { landCoverOf, type LandCover } from './land-cover.js';
import { compassName, desertScene, lightOf, movementOf, resolutionLabel, SUBJECT_KEYWORDS, type Subject } from './scene.js';
import { clipSubject, inFjord, moveWords, subjectWords } from './subject-move-words.js';
import { titleCandidates } from './titles.js';
import { countryInSentence, countryKeywords, placeLineOf } from '../place/index.js';
import { UNKNOWN_PLACE, type ClipFacts, type GeneratedMetadata, type MetadataProvider, type WordingReasons } from './types.js';
import {
  CLIMB_TEMPLATES,
  DESCENT_TEMPLATES,
  GREEN_TEMPLATES,
  HOLD_TEMPLATES,
  LIGHTS_TEMPLATES,
  OPENING_TEMPLATES,
  pick,
  render,
  SKY_TEMPLATES,
  SNOW_TEMPLATES,
  TRAVEL_TEMPLATES,
  WATER_TEMPLATES,
  type Phrase,
  type Slots,
  type Template,
} from './wording.js';

/** Phrases no description may carry: camera marketing, notes meant for us, placeholders. */
export const BANNED_DESCRIPTION_PHRASES: readonly RegExp[] = [
  /\bshot on\b/i,
  /\bDJI\b|\bMavic\b|\bPhantom\b/i,
  /location was not recorded/i,
  /\bunknown location\b/i,
  /\bprofessional drone\b|\btriple-camera\b|\b1-inch sensor\b/i,
];

/** Keywords that say nothing about one clip: never emitted as a block. */
export const FILLER_KEYWORDS: ReadonlySet<string> = new Set([
  'beautiful',
  'cinematic',
  'nobody',
  'destination',
  'environment',
  'scenic',
  'outdoors',
  'tourism',
]);

/**
 * Where, as a prepositional phrase for descriptions: "near Kayenta, Utah, in the United States",
 * "in Veneto in Italy", or null. Country names read as in a sentence ("the United States").
 */
function placePhrase(f: ClipFacts, subject: Subject, cover: LandCover): Phrase | null {
  const p = f.place;
  if (!p || !p.country || subject === 'open-sea') return null;
  const country = countryInSentence(p.country);
  const region = p.region && p.region !== p.city && p.region !== p.country ? p.region : null;
  // A named place leads: "at Geirangerfjord near Stranda, Møre og Romsdal, in Norway".
  const named = p.namedPlacePhrase ?? (p.namedPlaces?.[0] ? `at ${p.namedPlaces[0]}` : null);
  const at = named ? `${named} ` : '';
  if (subject === 'city' && cover === 'urban' && p.city) return { kind: 'pp', text: `${at}${region ? `in ${region} in ${country}` : `in ${country}`}` };
  if (p.city) return { kind: 'pp', text: `${at}near ${p.city}${region ? `, ${region},` : ''} in ${country}` };
  return { kind: 'pp', text: `${at}${region ? `in ${region} in ${country}` : `in ${country}`}` };
}

/** Light as a description phrase, or null for plain daylight (and unknown light). */
function lightPhrase(f: ClipFacts): Phrase | null {
  const l = lightOf(f);
  return l.phrase ? { kind: 'pp', text: l.phrase } : null;
}

/** A distance with sensible precision: "about 8 m", "about 45 m", "about 320 m", "about 1.2 km". */
export function metres(m: number): string {
  const a = Math.abs(m);
  if (a >= 1000) return `about ${(a / 1000).toFixed(1).replace(/\.0$/, '')} km`;
  if (a >= 100) return `about ${Math.round(a / 10) * 10} m`;
  if (a >= 10) return `about ${Math.round(a / 5) * 5} m`;
  return `about ${Math.max(1, Math.round(a))} m`;
}

/** A duration in words: "1 second", "20 seconds", "2 minutes", "1 minute 30 seconds". */
export function seconds(s: number): string {
  const n = Math.max(1, Math.round(s));
  if (n < 90) return `${n} second${n === 1 ? '' : 's'}`;
  const min = Math.floor(n / 60);
  const rest = n % 60;
  const minText = `${min} minute${min === 1 ? '' : 's'}`;
  return rest ? `${minText} ${rest} second${rest === 1 ? '' : 's'}` : minText;
}

/** Slots for every sentence of the description. */
export function slotsOf(f: ClipFacts): { slots: Slots; subject: Subject; cover: LandCover } {
  const { cover } = landCoverOf(f);
  const subject = clipSubject(f, cover);
  const words = subjectWords(subject, f, cover);
  const mv = moveWords(movementOf(f).id);
  const slots: Slots = { subject: words.np, move: mv.vt, moveIntrans: mv.vi };
  const place = placePhrase(f, subject, cover);
  if (place) slots.place = place;
  const light = lightPhrase(f);
  if (light) slots.light = light;
  const length = f.probe?.duration;
  if (length && length > 0) slots.length = { kind: 'qty', text: seconds(length) };
  const res = resolutionLabel(f.probe?.width ?? null, f.probe?.height ?? null);
  if (res) slots.format = { kind: 'np', text: `the ${res} clip` };
  return { slots, subject, cover };
}

/** The movement sentence's templates and amounts, from the telemetry; null when nothing worth saying was measured. */
function movementSentence(f: ClipFacts, base: Slots): { templates: Template[]; slots: Slots } | null {
  const s = f.summary;
  const t = f.shotTypes;
  if ((t.rising || t.descending) && s.climb !== null && s.climbRate && Math.abs(s.climb) >= 5) {
    const span = Math.abs(s.climb / s.climbRate);
    return {
      templates: s.climb > 0 ? CLIMB_TEMPLATES : DESCENT_TEMPLATES,
      slots: { ...base, amount: { kind: 'qty', text: metres(s.climb) }, span: { kind: 'qty', text: seconds(span) } },
    };
  }
  const path = f.motion?.pathLength ?? s.distance;
  if ((t.tracking || t.flyover) && path >= 20) {
    const heading = s.netHeading ?? s.initialHeading;
    const slots: Slots = { ...base, amount: { kind: 'qty', text: metres(path) } };
    if (heading !== null) slots.heading = { kind: 'pp', text: `toward the ${compassName(heading).toLowerCase()}` };
    return { templates: TRAVEL_TEMPLATES, slots };
  }
  const h = f.motion?.medianHeight ?? (s.altitudeReference === 'relative' ? s.altitudeMedian : null);
  if (t.hover && h !== null && h > 2) return { templates: HOLD_TEMPLATES, slots: { ...base, amount: { kind: 'qty', text: metres(h) } } };
  return null;
}

/** Subjects that already are water: no second sentence about water in the frame. */
const WATERY: ReadonlySet<Subject> = new Set(['open-sea', 'lake', 'river', 'waterside', 'coast', 'beach', 'cliffs']);

/** The scene sentence's templates: the strongest thing the pictures show, or null. */
function sceneTemplates(f: ClipFacts, subject: Subject): Template[] | null {
  const sc = f.scene;
  if (!sc) return null;
  if (f.shotTypes.night && subject === 'city') return LIGHTS_TEMPLATES;
  if (sc.whole.snow >= 0.3 && subject !== 'snow') return SNOW_TEMPLATES;
  if (sc.whole.water >= 0.35 && !WATERY.has(subject)) return WATER_TEMPLATES;
  // Looking straight down there is no sky in the picture: the blue above is water or roofs.
  if (sc.top.sky >= 0.25 && !f.shotTypes.night && !f.shotTypes.top_down) return SKY_TEMPLATES;
  if (sc.bottom.vegetation >= 0.28 && subject !== 'open-sea' && subject !== 'countryside' && subject !== 'forest') return GREEN_TEMPLATES;
  return null;
}

function describe(f: ClipFacts, slots: Slots, subject: Subject): { text: string; templates: string[] } {
  const turn = f.ordinal - 1;
  const used: Template[] = [];
  const sentences: string[] = [];
  const add = (templates: readonly Template[] | null, s: Slots, offset: number) => {
    if (!templates) return;
    const t = pick(templates, s, turn + offset);
    if (!t) return;
    used.push(t);
    sentences.push(render(t, s));
  };
  add(OPENING_TEMPLATES, slots, 0);
  const move = movementSentence(f, slots);
  if (move) add(move.templates, move.slots, 1);
  add(sceneTemplates(f, subject), slots, 0);
  // No sentence about the clip's length: agencies show the duration themselves and Shutterstock's
  // description guidance asks for what is seen and where, not for facts the file already carries.
  return { text: sentences.join(' '), templates: used.map((t) => t.id) };
}

function keywords(f: ClipFacts, subject: Subject, cover: LandCover): string[] {
  const mv = movementOf(f);
  const light = lightOf(f);
  const p = f.place;
  const sc = f.scene;
  const out: string[] = [];
  // Most specific place first (Adobe Stock weighs the first ten keywords most): city, region, country,
  // the country's short form buyers type ("USA"), the sea or ocean by name.
  out.push(...(p?.namedPlaces ?? []));
  if (p?.city) out.push(p.city);
  if (p?.region) out.push(p.region);
  if (p) out.push(...countryKeywords(p));
  if (p?.seaName && (WATERY.has(subject) || cover === 'sea')) out.push(p.seaName);
  out.push('aerial view', 'drone shot');
  if (inFjord(subject, f)) out.push('fjord');
  if (subject === 'landscape' && desertScene(f)) out.push('desert', 'arid', 'desert landscape');
  out.push(...SUBJECT_KEYWORDS[subject]);
  if (cover === 'sea' || subject === 'open-sea') out.push('sea', ...(/Ocean$/.test(p?.seaName ?? 'Ocean') ? ['ocean'] : []), 'open water');
  // Urban from the gazetteer, unless the picture shows something else (a park, a bay) filling the frame.
  if (cover === 'urban' && (subject === 'city' || !sc)) out.push('urban', 'city');
  if (cover === 'rural') {
    out.push('rural');
    if ((sc?.bottom.vegetation ?? 0) >= 0.28) out.push('farmland', 'fields');
  }
  if ((f.summary.absAltMin ?? 0) - (f.summary.relAltMin ?? 0) >= 1000 && f.summary.relAltMin !== null) out.push('mountains', 'highlands');
  out.push(...mv.keywords, ...light.keywords.filter((k) => k !== 'lights' || subject === 'city'));
  if (sc) {
    // Weather only from what the picture shows.
    if (sc.top.sky >= 0.25 && !f.shotTypes.night && !f.shotTypes.top_down) out.push('blue sky', 'clear sky');
    if (sc.whole.water >= 0.15 && cover !== 'sea') out.push('water');
    if (sc.whole.snow >= 0.3) out.push('snow');
    if (sc.whole.vegetation >= 0.2 && cover !== 'sea' && subject !== 'open-sea') out.push('greenery');
    out.push(...sc.dominantColors.filter((c) => c !== 'black' && c !== 'grey').slice(0, 2));
  }
  if (roadSignal(f, subject)) out.push('road', 'asphalt road');
  if (landmarkSignal(f, subject)) out.push('landmark');
  if (f.shotTypes.high_altitude) out.push('high altitude');
  if (f.shotTypes.low_altitude) out.push('low altitude');
  if (subject === 'coast' || subject === 'beach' || subject === 'cliffs' || subject === 'city') out.push('travel');
  if (['forest', 'countryside', 'open-sea', 'lake', 'river', 'waterside', 'snow', 'cliffs'].includes(subject)) out.push('nature');
  const res = resolutionLabel(f.probe?.width ?? null, f.probe?.height ?? null);
  if (res === '4K' || res === '5K') out.push('4k');
  out.push('aerial', 'drone');
  return normalizeKeywords(out.filter((k) => !FILLER_KEYWORDS.has(k)));
}

/** Named features for the place: the named places at the point (named-places.ts), then the sea or ocean beside a coast or under the open sea. */
function placeFeatures(f: ClipFacts): string[] {
  const sea = f.place?.seaName;
  return [...(f.place?.namedPlaces ?? []), ...(sea ? [sea] : [])];
}

export function offlineMetadata(f: ClipFacts): GeneratedMetadata {
  const { slots, subject, cover } = slotsOf(f);
  const coverInfo = landCoverOf(f);
  const titles = titleCandidates(f, subject, cover);
  const cats = categories(f, subject, cover, coverInfo.reason);
  const description = describe(f, slots, subject);
  const noFix = !f.position;
  const reasons: WordingReasons = {
    categories: cats.reason,
    landCover: coverInfo.reason,
    place: noFix
      ? 'no GPS fix: no place named'
      : f.placeSource === 'subject'
        ? 'the place the camera looks at (gimbal pitch and heading), which differs from where the drone flew'
        : "the drone's position",
    templates: description.templates,
  };
  return {
    provider: 'offline',
    titleCandidates: titles,
    reasons,
    result: {
      content: {
        title: titles[0]!,
        final_description: description.text,
        keywords: keywords(f, subject, cover),
        categories: { adobe_category: cats.adobe, shutterstock_a_category: cats.a, shutterstock_b_category: cats.b },
      },
      metadata: {
        latitude: f.position?.latitude ?? null,
        longitude: f.position?.longitude ?? null,
        city: noFix ? UNKNOWN_PLACE : (f.place?.city ?? null),
        country: noFix ? UNKNOWN_PLACE : (f.place?.country ?? null),
        // Without a fix there is no place to name: the fields stay absent (city and country say Unknown).
        ...(noFix ? {} : { region: f.place?.region ?? null, place_line: placeLineOf(f.place), features: placeFeatures(f) }),
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
