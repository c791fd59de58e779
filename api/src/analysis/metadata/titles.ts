/**
 * Titles: the rules every agency accepts (TITLE_RULES, also checked on the OpenAI provider's answers)
 * and the offline titles built to fit them, best first with variants that differ by a real fact, so
 * neighbouring sets of a project can each get their own (title-choice.ts picks among them).
 */
import { roadSignal } from './category-choice.js';
import type { LandCover } from './land-cover.js';
import { compassName, lightOf, movementOf, timeOfDay, type Subject } from './scene.js';
import { moveWords, subjectWords, type MoveWords } from './subject-move-words.js';
import { countryInSentence } from '../place/index.js';
import type { ClipFacts } from './types.js';

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
