/**
 * Sentences from templates with typed slots (issue 21 item 2). Every slot value is a phrase of a
 * known kind (noun phrase, prepositional phrase, finite verb phrase, ...) and every template says
 * which of its parts is the sentence's subject and which its finite verb, so any combination of
 * values renders a complete sentence by construction. grammar.unit.spec.ts renders every template
 * with every kind of value and checks exactly that structure (taggers mis-tag short sentences like
 * these, so the check reads the templates' own structure instead).
 */

/** The kinds of phrase a slot holds. */
export type PhraseKind =
  /** A noun phrase with its determiner ("the coastline", "open sea"): can be a subject or an object. */
  | 'np'
  /** A prepositional phrase ("near Corato, Italy", "at sunset"): never a subject. */
  | 'pp'
  /** A finite verb phrase in the third person singular present that takes an object ("flies over"). */
  | 'vt'
  /** A finite verb phrase in the third person singular present, complete without an object ("rises"). */
  | 'vi'
  /** A quantity noun phrase ("about 80 m", "20 seconds"). */
  | 'qty';

export interface Phrase {
  kind: PhraseKind;
  text: string;
  /** For 'vt' and 'vi': the finite verb word the phrase starts with. */
  verb?: string;
}

export type SlotName = 'subject' | 'place' | 'light' | 'move' | 'moveIntrans' | 'amount' | 'span' | 'length' | 'format' | 'heading';

/** The kind each slot holds: a template using a slot may rely on it. */
export const SLOT_KINDS: Record<SlotName, PhraseKind> = {
  subject: 'np',
  place: 'pp',
  light: 'pp',
  move: 'vt',
  moveIntrans: 'vi',
  amount: 'qty',
  span: 'qty',
  length: 'qty',
  format: 'np',
  heading: 'pp',
};

export type Part = string | { slot: SlotName; cap?: boolean };

export interface Template {
  id: string;
  /** Slots that must have a value for the template to be used (others are optional: left out when empty). */
  needs: SlotName[];
  parts: Part[];
  /** Index in `parts` of the sentence's subject (a literal noun phrase or an 'np' slot). */
  subject: number;
  /** Index in `parts` of the finite verb (a literal starting with a finite verb, or a 'vt'/'vi' slot). */
  verb: number;
}

export type Slots = Partial<Record<SlotName, Phrase>>;

/** Finite verbs the literal parts of templates may start with (third person singular present). */
export const FINITE_VERBS: ReadonlySet<string> = new Set([
  'is',
  'shows',
  'fills',
  'covers',
  'runs',
  'lasts',
  'climbs',
  'descends',
  'holds',
  'travels',
  'moves',
  'stretches',
  'lies',
  'spreads',
  'glows',
  'rises',
  'flies',
  'circles',
  'glides',
  'pans',
  'looks',
  'hovers',
  'sweeps',
  'captures',
  'passes',
  'drifts',
  'turns',
  'tracks',
  'reveals',
  'follows',
  'stays',
  'drops',
  // plural, for the plural literal subject "Lights"
  'glow',
]);

const s = (slot: SlotName, cap = false): Part => ({ slot, ...(cap ? { cap } : {}) });

/**
 * Opening sentences: the subject first, then where and the light (Shutterstock and Adobe Stock ask
 * descriptions to say what is seen and where in plain sentences; Pond5 the same), never the drone or
 * the footage itself ("This footage follows a drone as it ...").
 */
export const OPENING_TEMPLATES: Template[] = [
  { id: 'o-subject-seen', needs: [], parts: [s('subject', true), 'is seen from the air', s('place'), s('light')], subject: 0, verb: 1 },
  {
    id: 'o-subject-filmed',
    needs: ['moveIntrans'],
    parts: [s('subject', true), 'is filmed', s('light'), 'as the camera', s('moveIntrans'), s('place')],
    subject: 0,
    verb: 1,
  },
  { id: 'o-subject-spreads', needs: [], parts: [s('subject', true), 'spreads out below', s('place'), s('light')], subject: 0, verb: 1 },
  {
    id: 'o-subject-lies',
    needs: ['moveIntrans'],
    parts: [s('subject', true), 'lies below as the camera', s('moveIntrans'), s('place'), s('light')],
    subject: 0,
    verb: 1,
  },
];

/** Movement sentences, from the telemetry (amounts measured over telemetry time). */
export const CLIMB_TEMPLATES: Template[] = [
  { id: 'c-drone-climbs', needs: ['amount', 'span'], parts: ['The camera', 'climbs', s('amount'), 'in', s('span')], subject: 0, verb: 1 },
  { id: 'c-over-span', needs: ['amount', 'span'], parts: ['Over', s('span'), ', the view', 'rises', 'by', s('amount')], subject: 2, verb: 3 },
];
export const DESCENT_TEMPLATES: Template[] = [
  { id: 'd-drone-descends', needs: ['amount', 'span'], parts: ['The camera', 'descends', s('amount'), 'in', s('span')], subject: 0, verb: 1 },
  { id: 'd-over-span', needs: ['amount', 'span'], parts: ['Over', s('span'), ', the camera', 'drops', s('amount')], subject: 2, verb: 3 },
];
export const TRAVEL_TEMPLATES: Template[] = [
  { id: 't-drone-travels', needs: ['amount'], parts: ['The view', 'travels', s('amount'), s('heading')], subject: 0, verb: 1 },
  { id: 't-camera-covers', needs: ['amount'], parts: ['The camera', 'covers', s('amount'), s('heading'), 'during the shot'], subject: 0, verb: 1 },
];
export const HOLD_TEMPLATES: Template[] = [
  { id: 'h-holds', needs: ['amount'], parts: ['The camera', 'holds', 'its position', s('amount'), 'up'], subject: 0, verb: 1 },
  { id: 'h-steady', needs: ['amount'], parts: ['The view', 'stays', 'steady from', s('amount'), 'up'], subject: 0, verb: 1 },
];

/** Scene sentences: what the pictures show (never the sun's position). */
export const SKY_TEMPLATES: Template[] = [
  { id: 's-sky-fills', needs: [], parts: ['Blue sky', 'fills', 'the top of the frame'], subject: 0, verb: 1 },
  { id: 's-sky-clear', needs: [], parts: ['The sky above', 'is', 'clear and blue'], subject: 0, verb: 1 },
];
export const WATER_TEMPLATES: Template[] = [
  { id: 's-water-covers', needs: [], parts: ['Water', 'covers', 'much of the frame'], subject: 0, verb: 1 },
  { id: 's-water-spreads', needs: [], parts: ['Open water', 'spreads', 'across the picture'], subject: 0, verb: 1 },
];
export const GREEN_TEMPLATES: Template[] = [
  { id: 's-green-covers', needs: [], parts: ['Green vegetation', 'covers', 'the ground below'], subject: 0, verb: 1 },
  { id: 's-green-stretches', needs: [], parts: ['Greenery', 'stretches', 'across the ground'], subject: 0, verb: 1 },
];
export const SNOW_TEMPLATES: Template[] = [{ id: 's-snow', needs: [], parts: ['Snow', 'covers', 'the ground'], subject: 0, verb: 1 }];
export const LIGHTS_TEMPLATES: Template[] = [{ id: 's-lights', needs: [], parts: ['Lights', 'glow', 'in the dark below'], subject: 0, verb: 1 }];

/** Length sentences: the clip's length from the video. */
export const LENGTH_TEMPLATES: Template[] = [
  { id: 'l-runs', needs: ['length'], parts: ['The clip', 'runs', s('length')], subject: 0, verb: 1 },
  { id: 'l-format-lasts', needs: ['length', 'format'], parts: [s('format', true), 'lasts', s('length')], subject: 0, verb: 1 },
  { id: 'l-shot-lasts', needs: ['length'], parts: ['The shot', 'lasts', s('length')], subject: 0, verb: 1 },
];

export const ALL_TEMPLATE_GROUPS: Record<string, Template[]> = {
  opening: OPENING_TEMPLATES,
  climb: CLIMB_TEMPLATES,
  descent: DESCENT_TEMPLATES,
  travel: TRAVEL_TEMPLATES,
  hold: HOLD_TEMPLATES,
  sky: SKY_TEMPLATES,
  water: WATER_TEMPLATES,
  green: GREEN_TEMPLATES,
  snow: SNOW_TEMPLATES,
  lights: LIGHTS_TEMPLATES,
  length: LENGTH_TEMPLATES,
};

const capFirst = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** True when the template can be rendered with these slots. */
export function usable(t: Template, slots: Slots): boolean {
  return t.needs.every((n) => !!slots[n]?.text);
}

/** One rendered part per template part ('' for an empty optional slot). */
export function renderParts(t: Template, slots: Slots): string[] {
  return t.parts.map((p) => {
    if (typeof p === 'string') return p;
    const v = slots[p.slot]?.text ?? '';
    return p.cap ? capFirst(v) : v;
  });
}

/** The sentence: parts joined by single spaces, no space before a comma, a capital and a full stop. */
export function render(t: Template, slots: Slots): string {
  const text = renderParts(t, slots)
    .filter((p) => p !== '')
    .join(' ')
    .replace(/\s+,/g, ',')
    .replace(/\s+/g, ' ')
    .trim();
  return `${capFirst(text)}.`;
}

/** Picks among the usable templates by `turn` (the set's position), so neighbouring sets differ. */
export function pick(templates: readonly Template[], slots: Slots, turn: number): Template | null {
  const ok = templates.filter((t) => usable(t, slots));
  return ok.length ? ok[((turn % ok.length) + ok.length) % ok.length]! : null;
}

/**
 * Structural check of one rendered template (the grammar test and the OpenAI answer check use the
 * sentence-level part): returns the problems found, empty when the sentence is sound.
 */
export function structureProblems(t: Template, slots: Slots): string[] {
  const problems: string[] = [];
  const parts = renderParts(t, slots);
  const subj = t.parts[t.subject]!;
  const verb = t.parts[t.verb]!;
  if (t.subject >= t.verb) problems.push('the subject does not come before the verb');
  if (!parts[t.subject]?.trim()) problems.push('empty subject');
  if (typeof subj !== 'string' && SLOT_KINDS[subj.slot] !== 'np') problems.push(`subject slot ${subj.slot} is not a noun phrase`);
  const verbText = parts[t.verb]?.trim() ?? '';
  if (typeof verb === 'string') {
    if (!FINITE_VERBS.has(verbText.split(' ')[0]!.toLowerCase())) problems.push(`"${verbText}" does not start with a finite verb`);
  } else {
    const kind = SLOT_KINDS[verb.slot];
    if (kind !== 'vt' && kind !== 'vi') problems.push(`verb slot ${verb.slot} is not a verb phrase`);
    const value = slots[verb.slot];
    if (!value?.verb || !FINITE_VERBS.has(value.verb) || !value.text.startsWith(value.verb))
      problems.push(`verb slot value "${value?.text ?? ''}" is not finite`);
    // A transitive verb needs its object: the next non-empty part must be a noun phrase.
    if (kind === 'vt') {
      const next = t.parts.slice(t.verb + 1).find((p, i) => parts[t.verb + 1 + i] !== '');
      if (!next || typeof next === 'string' || SLOT_KINDS[next.slot] !== 'np') problems.push('a transitive verb without its object');
    }
  }
  // Every slot value is of the kind its slot declares.
  for (const p of t.parts)
    if (typeof p !== 'string' && slots[p.slot] && slots[p.slot]!.kind !== SLOT_KINDS[p.slot]) problems.push(`slot ${p.slot} holds a ${slots[p.slot]!.kind}`);
  return [...problems, ...textProblems(render(t, slots))];
}

/** Sentence-level checks that need no template: doubled words, stray punctuation, capital and stop. */
export function textProblems(sentence: string): string[] {
  const problems: string[] = [];
  const words = sentence.toLowerCase().match(/[a-z0-9'-]+/g) ?? [];
  for (let i = 1; i < words.length; i++) if (words[i] === words[i - 1]) problems.push(`doubled word "${words[i]}"`);
  if (/\s[,.;:]|[,;:]{2,}|\.\.|,\.|\(\s*\)|^\W/.test(sentence)) problems.push('stray punctuation');
  if (!/^[A-Z0-9]/.test(sentence)) problems.push('does not start with a capital');
  if (!/[.!?]$/.test(sentence)) problems.push('does not end with a full stop');
  if (/\s{2,}/.test(sentence)) problems.push('double space');
  if (/\b(undefined|null|NaN)\b/.test(sentence)) problems.push('a missing value leaked');
  return problems;
}
