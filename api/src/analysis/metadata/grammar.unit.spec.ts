/**
 * The offline wording's grammar (issue 21 item 2): every template rendered with every kind of slot
 * value over a grid of flights (every shot type, day and night, with and without place, at sea, each
 * camera type), checked on the templates' own structure: a subject, then a finite verb; a transitive
 * verb followed by its object; slot values of the declared kind; no doubled words, no stray
 * punctuation. Then the whole offline result of every flight: titles within every agency's limits,
 * descriptions without camera marketing or internal notes, keywords without a filler block.
 */
import { flightGrid } from '../quality/flight-grid.js';
import { ALL_TEMPLATE_GROUPS, render, structureProblems, textProblems, usable, type Slots, type Template } from './wording.js';
import { BANNED_DESCRIPTION_PHRASES, FILLER_KEYWORDS, metres, offlineMetadata, seconds, slotsOf } from './offline.js';
import { titleProblems } from './titles.js';
import { chooseTitle } from '../../features/results/title-choice.js';

const grid = flightGrid();
const ALL_TEMPLATES: Template[] = Object.values(ALL_TEMPLATE_GROUPS).flat();

/** Every kind of quantity and heading value, on top of each flight's own slots. */
const EXTRA_SLOTS: Slots[] = [
  { amount: { kind: 'qty', text: metres(7.6) }, span: { kind: 'qty', text: seconds(1) } },
  { amount: { kind: 'qty', text: metres(84) }, span: { kind: 'qty', text: seconds(20) }, heading: { kind: 'pp', text: 'toward the north-east' } },
  { amount: { kind: 'qty', text: metres(1240) }, span: { kind: 'qty', text: seconds(95) } },
];

describe('every template with every kind of slot value', () => {
  it('renders a structurally complete sentence for every flight of the grid', () => {
    let checked = 0;
    const failures: string[] = [];
    const usedTemplates = new Set<string>();
    for (const { label, facts } of grid) {
      const base = slotsOf(facts).slots;
      for (const extra of EXTRA_SLOTS) {
        const slots = { ...base, ...extra };
        for (const t of ALL_TEMPLATES) {
          if (!usable(t, slots)) continue;
          usedTemplates.add(t.id);
          checked++;
          const problems = structureProblems(t, slots);
          if (problems.length) failures.push(`${label} ${t.id}: "${render(t, slots)}" -> ${problems.join('; ')}`);
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
    // Every template is reachable by some flight (none is dead code that the check never sees).
    expect([...usedTemplates].sort()).toEqual(ALL_TEMPLATES.map((t) => t.id).sort());
  });

  it('the check can fail: a broken template and a wrong slot value are caught', () => {
    const slots = slotsOf(grid[0]!.facts).slots;
    const noVerb: Template = { id: 'x', needs: [], parts: ['The drone', 'the', s0('subject')], subject: 0, verb: 1 };
    expect(structureProblems(noVerb, slots).join()).toMatch(/finite verb/);
    const verbFirst: Template = { id: 'y', needs: [], parts: ['shows', 'This shot', s0('subject')], subject: 1, verb: 0 };
    expect(structureProblems(verbFirst, slots).join()).toMatch(/subject does not come before/);
    const noObject: Template = { id: 'z', needs: ['move'], parts: ['A drone', s0('move'), 'slowly'], subject: 0, verb: 1 };
    expect(structureProblems(noObject, slots).join()).toMatch(/without its object/);
    expect(textProblems('The drone drone rises ,over the sea.')).toEqual(expect.arrayContaining(['doubled word "drone"', 'stray punctuation']));
  });
});

function s0(slot: 'subject' | 'move'): { slot: 'subject' | 'move' } {
  return { slot };
}

describe('the offline result of every flight of the grid', () => {
  const results = grid.map(({ label, facts }) => ({ label, facts, g: offlineMetadata(facts) }));

  it('titles lead with the subject and fit every agency (no commas, 40-70 characters, 5+ words)', () => {
    const bad = results.flatMap(({ label, g }) => g.titleCandidates.flatMap((t) => titleProblems(t).map((p) => `${label}: "${t}" ${p}`)));
    expect(bad.slice(0, 10)).toEqual([]);
    for (const { g } of results) expect(g.result.content.title).not.toMatch(/^Aerial Drone/);
  });

  it('descriptions: every sentence from a template and sound; no camera marketing or internal notes', () => {
    let sentences = 0;
    const bad: string[] = [];
    for (const { label, g } of results) {
      const d = g.result.content.final_description;
      const parts = d.split(/(?<=\.) (?=[A-Z])/);
      sentences += parts.length;
      expect(parts.join(' ')).toBe(d);
      expect(parts.length).toBe(g.reasons!.templates.length);
      for (const p of parts) for (const problem of textProblems(p.trim())) bad.push(`${label}: "${p.trim()}" ${problem}`);
      for (const re of BANNED_DESCRIPTION_PHRASES) if (re.test(d)) bad.push(`${label}: "${d}" matches ${re}`);
      if (/-?\d+\.\d{2,}/.test(d)) bad.push(`${label}: "${d}" has a number with needless precision`);
    }
    expect(bad.slice(0, 10)).toEqual([]);
    expect(sentences).toBeGreaterThan(5000);
  });

  it('neighbouring sets of a project read differently (the opening sentence changes shape)', () => {
    const openings = results.slice(0, 30).map(({ g }) => g.reasons!.templates[0]);
    const repeats = openings.filter((o, i) => i > 0 && o === openings[i - 1]).length;
    expect(repeats).toBe(0);
  });

  it('keywords are chosen per clip: no filler block, weather only from the picture, sea from the geocoder', () => {
    for (const { label, facts, g } of results) {
      const k = g.result.content.keywords.map((x) => x.toLowerCase());
      expect(k.length).toBeGreaterThanOrEqual(7);
      expect(k.filter((x) => FILLER_KEYWORDS.has(x))).toEqual([]);
      expect(k).not.toContain('sunny');
      if (k.includes('blue sky')) expect(facts.scene?.top.sky ?? 0).toBeGreaterThanOrEqual(0.25);
      if (label.includes('/sea/')) expect(k).toContain('sea');
      if (label.includes('/urban/')) expect(k).not.toEqual(expect.arrayContaining(['farmland']));
      if (label.includes('/sea/')) expect(k).not.toContain('greenery');
    }
    // Across a project, the keywords that every set shares are few (aerial view, drone footage, aerial, drone).
    const sets = results.map(({ g }) => new Set(g.result.content.keywords.map((x) => x.toLowerCase())));
    const common = [...sets[0]!].filter((k) => sets.every((s) => s.has(k)));
    expect(common.length).toBeLessThanOrEqual(4);
  });

  it('categories are chosen per clip with a reason', () => {
    const adobe = new Set(results.map(({ g }) => g.result.content.categories.adobe_category));
    expect(adobe.size).toBeGreaterThanOrEqual(4);
    for (const { g } of results) expect(g.reasons!.categories.length).toBeGreaterThan(5);
    const urbanCity = results.find(({ label }) => label.startsWith('flyover/day/urban/city'))!;
    expect(urbanCity.g.result.content.categories.adobe_category).toBe('Buildings and Architecture');
    expect(urbanCity.g.reasons!.categories).toMatch(/Reykjavík \(118,918 people\) 1.2 km away/);
  });

  it('titles are unique within a project of 100 sets by real differences, never padding', () => {
    // 100 sets of one place and one kind of flight: the hardest case for uniqueness.
    const same = results.filter(({ label }) => label.includes('/urban/')).slice(0, 100);
    const used = new Set<string>();
    const titles = same.map(({ facts, g }) => {
      const t = chooseTitle(g.titleCandidates, used, facts.baseName, facts.baseName);
      used.add(t.toLowerCase());
      return t;
    });
    expect(used.size).toBe(titles.length);
    for (const t of titles) expect(t).not.toMatch(/from -?\d+ m|, in the|Clip \d+/);
  });
});
