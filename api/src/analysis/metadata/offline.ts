/**
 * The offline metadata provider: deterministic wording from the measured facts, no network.
 *
 * - Title: a noun phrase leading with the subject and place, then the light and the camera move,
 *   e.g. "Coastline near Reykjavik in Iceland at sunset from a rising drone". Built to fit every
 *   agency by construction (TITLE_RULES: no commas, 40 to 70 characters, at least 5 words); other
 *   sets of the project get variants that differ by a real fact (time of day, heading, height, sky).
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
import { compassName, lightOf, movementOf, resolutionLabel, subjectOf, SUBJECT_KEYWORDS, timeOfDay, type Subject } from './scene.js';
import { countryInSentence, countryKeywords, placeLineOf, seaAdjective } from '../place/index.js';
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

/** What every agency accepts in a title (Adobe: 70 characters, no commas; Pond5: 40-80; Shutterstock: 5 words). */
export const TITLE_RULES = { minChars: 40, maxChars: 70, minWords: 5 } as const;

/** Title problems against TITLE_RULES (also run on the OpenAI provider's answers). */
export function titleProblems(title: string): string[] {
  const out: string[] = [];
  const n = [...title].length;
  if (title.includes(',')) out.push('the title has a comma (Adobe Stock refuses them)');
  if (n > TITLE_RULES.maxChars) out.push(`the title is ${n} characters (Adobe Stock allows ${TITLE_RULES.maxChars})`);
  if (n < TITLE_RULES.minChars) out.push(`the title is ${n} characters (Pond5 wants at least ${TITLE_RULES.minChars})`);
  const words = title.split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length;
  if (words < TITLE_RULES.minWords) out.push(`the title has ${words} words (Shutterstock wants at least ${TITLE_RULES.minWords})`);
  return out;
}

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

/** The subject, with the gazetteer's urban/rural weighed in (a town's streets are a city, not countryside). */
function clipSubject(f: ClipFacts, cover: LandCover): Subject {
  const s = subjectOf(f);
  if (cover === 'urban' && (s === 'countryside' || s === 'landscape')) return 'city';
  if (cover === 'rural' && s === 'city') return 'landscape';
  return s;
}

interface SubjectWords {
  np: Phrase;
  title: string;
}

/** Water by the sea's coast inside a named fjord. */
function inFjord(subject: Subject, f: ClipFacts): boolean {
  return (
    f.place?.namedPlaceKind === 'fjord' &&
    (subject === 'coast' || subject === 'cliffs' || subject === 'open-sea' || subject === 'waterside' || subject === 'beach')
  );
}

function subjectWords(subject: Subject, f: ClipFacts, cover: LandCover): SubjectWords {
  const np = (text: string): Phrase => ({ kind: 'np', text });
  const city = f.place?.city ?? null;
  const sea = f.place?.seaName ?? null;
  const adj = sea ? `${seaAdjective(sea)} ` : '';
  const farmland = cover === 'rural' && (f.scene?.bottom.vegetation ?? 0) >= 0.28;
  // In a fjord the seas data sees the sea's coast; a buyer searches "fjord" (Geirangerfjord, Milford Sound).
  if (inFjord(subject, f)) return { np: np('the fjord'), title: 'Fjord' };
  switch (subject) {
    case 'open-sea':
      return sea ? { np: np(`the open water of the ${sea}`), title: `${sea} open water` } : { np: np('the open sea'), title: 'Open sea' };
    case 'coast':
      return { np: np(`the ${adj}coastline`), title: `${adj}coastline`.replace(/^./, (c) => c.toUpperCase()) };
    case 'beach':
      return { np: np(sea ? `a beach on the ${sea}` : 'a sandy beach'), title: sea ? `${adj}beach` : 'Sandy beach' };
    case 'cliffs':
      return { np: np(`a line of sea cliffs on the ${sea ?? 'coast'}`), title: `${adj}sea cliffs`.replace(/^./, (c) => c.toUpperCase()) };
    case 'lake':
      return { np: np('a lake'), title: 'Lake' };
    case 'river':
      return { np: np('the river'), title: 'River' };
    case 'waterside':
      return { np: np('the water'), title: 'Waterside landscape' };
    case 'snow':
      return { np: np('snow-covered land'), title: 'Snowy landscape' };
    case 'forest':
      return { np: np('the forest'), title: 'Forest' };
    case 'countryside':
      return farmland ? { np: np('farmland'), title: 'Farmland' } : { np: np('the countryside'), title: 'Countryside' };
    case 'city':
      return cover === 'urban' && city ? { np: np(city), title: `${city} cityscape` } : { np: np('the town'), title: 'Town' };
    default:
      return { np: np('the landscape'), title: 'Landscape' };
  }
}

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

/** Where, for titles (no commas), longest first: callers take the first that fits. */
function placeTitles(f: ClipFacts, subject: Subject, cover: LandCover): string[] {
  const p = f.place;
  if (!p || !p.country || subject === 'open-sea') return [''];
  // An admin-1 region outside the US (Møre og Romsdal) is in the keywords and place line; titles keep the country buyers search.
  const region = p.region && p.region !== p.city && !p.regionFromAdmin1 ? p.region : null;
  const area = region ?? countryInSentence(p.country);
  // A named place leads (buyers search "Geirangerfjord", "Monument Valley").
  const named = p.namedPlacePhrase ?? (p.namedPlaces?.[0] ? `at ${p.namedPlaces[0]}` : null);
  const lead = named ? [`${named} in ${area}`, named] : [];
  if (subject === 'city' && cover === 'urban' && p.city)
    return [...lead, ...(region ? [`in ${region}`, `in ${countryInSentence(p.country)}`, ''] : [`in ${area}`, ''])];
  if (p.city) return [...lead, `near ${p.city} in ${area}`, `near ${p.city}`, `in ${area}`];
  return [...lead, `in ${area}`];
}

interface MoveWords {
  vt: Phrase;
  vi: Phrase;
  title: string;
  /** Longer title phrase for short titles. */
  titleLong: string;
}

const verb = (kind: 'vt' | 'vi', text: string): Phrase => ({ kind, text, verb: text.split(' ')[0]! });

function moveWords(id: string): MoveWords {
  const m = (vt: string, vi: string, title: string, titleLong: string): MoveWords => ({ vt: verb('vt', vt), vi: verb('vi', vi), title, titleLong });
  switch (id) {
    case 'orbit':
      return m('circles', 'circles overhead', 'in an aerial orbit', 'in a slow aerial orbit');
    case 'flyover':
      return m('flies over', 'flies past', 'in a drone flyover', 'in a fast drone flyover');
    case 'rising':
      return m('rises above', 'rises', 'from a rising drone', 'seen from a rising drone');
    case 'descending':
      return m('descends toward', 'descends', 'from a descending drone', 'seen from a descending drone');
    case 'tracking':
      return m('moves steadily over', 'moves steadily forward', 'in an aerial tracking shot', 'in a steady aerial tracking shot');
    case 'pan':
      return m('pans across', 'pans slowly', 'in an aerial pan', 'in a slow aerial panorama');
    case 'top_down':
      return m('looks straight down on', 'looks straight down', 'seen from directly above', 'seen by a drone from directly above');
    case 'hover':
      return m('hovers above', 'hovers in place', 'from a hovering drone', 'seen from a hovering drone');
    default:
      return m('captures', 'flies overhead', 'from the air', 'seen from the air');
  }
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

/** Title heads that start with a common noun (lower-cased after "Aerial view of the"); others start with a name. */
const COMMON_HEAD = /^(Coastline|Beach|Sandy|Sea|Lake|Waterside|Snowy|Forest|Farmland|Countryside|Town|Landscape|Open)\b/;

/** A title fitted to TITLE_RULES from its parts, or null when it cannot be. */
function fitTitle(head: string, places: readonly string[], light: string, move: MoveWords, extra: string): string | null {
  const join = (...p: string[]) => p.filter(Boolean).join(' ');
  for (const place of places) {
    for (const mv of [move.title, move.titleLong]) {
      let t = join(head, place, light, mv, extra);
      if ([...t].length < TITLE_RULES.minChars) t = join(head, place, light, move.titleLong, extra);
      if ([...t].length < TITLE_RULES.minChars)
        t = join(
          `Aerial view of ${COMMON_HEAD.test(head) ? `the ${head.charAt(0).toLowerCase()}${head.slice(1)}` : `the ${head}`}`,
          place,
          light,
          move.titleLong,
          extra,
        );
      if (titleProblems(t).length === 0) return t;
    }
  }
  return null;
}

/** The typical height above take-off in round figures ("from about 50 m up"), when no altitude class says it. */
function heightBand(f: ClipFacts): string | null {
  if (f.shotTypes.high_altitude || f.shotTypes.low_altitude) return null;
  const h = f.motion?.medianHeight ?? (f.summary.altitudeReference === 'relative' ? f.summary.altitudeMedian : null);
  if (h === null || h === undefined || !Number.isFinite(h) || h < 10) return null;
  const band = h < 100 ? Math.round(h / 10) * 10 : Math.round(h / 50) * 50;
  return `from about ${band} m up`;
}

/** Title candidates, best first: the plain title, then variants that differ by a real fact. */
export function titleCandidates(f: ClipFacts, subject: Subject, cover: LandCover): string[] {
  const words = subjectWords(subject, f, cover);
  const places = placeTitles(f, subject, cover);
  const lightTitle = lightOf(f).phrase ?? '';
  const mv = movementOf(f);
  const move = moveWords(mv.id);
  const heading = f.summary.netHeading ?? f.summary.initialHeading;
  const time = timeOfDay(f.summary.localStart);
  const extras = [
    !lightTitle && time ? (time === 'Night' ? 'at night' : time === 'Midday' ? 'at midday' : `in the ${time.toLowerCase()}`) : null,
    heading !== null && !['hover', 'orbit', 'pan', 'top_down'].includes(mv.id) ? `heading ${compassName(heading).toLowerCase()}` : null,
    f.shotTypes.high_altitude ? 'from high altitude' : f.shotTypes.low_altitude ? 'at low altitude' : null,
    f.scene && f.scene.top.sky >= 0.25 && !f.shotTypes.night && !f.shotTypes.top_down ? 'under a blue sky' : null,
    heightBand(f),
    roadSignal(f, subject) ? 'along a road' : null,
  ].filter((e): e is string => !!e);
  const combos = ['', ...extras];
  for (let i = 0; i < extras.length; i++) for (let j = i + 1; j < extras.length; j++) combos.push(`${extras[i]} ${extras[j]}`);
  const out: string[] = [];
  for (const extra of combos) {
    const t = fitTitle(words.title, places, lightTitle, move, extra);
    if (t && !out.includes(t)) out.push(t);
  }
  if (!out.length) out.push(fitTitle('Aerial footage', [''], '', moveWords('footage'), '') ?? 'Aerial footage of the landscape seen from a drone');
  return out;
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
