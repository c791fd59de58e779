import { applyKeywordRules, keywordKey, NO_RULES, orderByRelevance, storedCap, validateKeywordRules } from './keyword-rules.js';
import { exportKeywords } from './keyword-rules-store.js';
import { applyBulkAction, findReplaceLength, findReplaceText, TEXT_FIELD_LIMITS } from './bulk-actions.js';
import { processedResult } from '../exports/test-support/seed-results.js';

const rules = (r: Parameters<typeof validateKeywordRules>[0]) => validateKeywordRules(r);

describe('keyword rules', () => {
  it('keys keywords case- and plural-insensitively on the head noun', () => {
    expect(keywordKey('Aerial Views')).toBe(keywordKey('aerial view'));
    expect(keywordKey('Cliffs')).toBe(keywordKey('cliff'));
    expect(keywordKey('cities')).toBe(keywordKey('City'));
    expect(keywordKey('boat')).not.toBe(keywordKey('boats harbour'));
  });

  it('merges synonyms, removes never-include, adds always-include and drops duplicates', () => {
    const r = rules({ alwaysInclude: ['Portugal'], neverInclude: ['nobody'], synonyms: [{ from: 'drone footage', to: 'aerial footage' }] });
    const out = applyKeywordRules(['Drone Footage', 'boats', 'Boat', 'nobody', 'aerial footage', 'harbour'], r);
    expect(out.keywords).toEqual(['aerial footage', 'boats', 'harbour', 'Portugal']);
    expect(out.changes).toEqual(['1 synonym merged', '1 never-include keyword removed', '2 duplicates dropped', '1 always-include keyword added']);
  });

  it('orders place, subject, shot type, then generic words, and cuts to the cap', () => {
    const ordered = orderByRelevance(['nature', 'aerial', 'lighthouse', 'travel', 'Porto', 'boats'], { places: ['Porto', 'Portugal'], shotTypes: ['aerial'] });
    expect(ordered).toEqual(['Porto', 'lighthouse', 'boats', 'aerial', 'nature', 'travel']);
    const r = rules({ maxPerAgency: { adobe: 3 } });
    // A per-agency maximum is the agency's export's, never the stored cap (SPEC's 30).
    expect(storedCap(r)).toBe(30);
    const out = applyKeywordRules(['a', 'b', 'c', 'd'], r, { cap: 3 });
    expect(out.keywords).toEqual(['a', 'b', 'c']);
    expect(out.changes).toEqual(['cut from 4 to 3 keywords']);
  });

  it('keeps every always-include keyword through an agency cut, then the most relevant, in their stored order', () => {
    const r = rules({ alwaysInclude: ['Portugal'], maxPerAgency: { pond5: 3 } });
    const stored = ['nature', 'lighthouse', 'travel', 'aerial', 'cliff', 'Porto'];
    // The bulk path appends the always-include keyword at the end; the Pond5 cut used to drop it.
    const pond5 = exportKeywords([...stored, 'Portugal'], r, 'pond5', { places: ['Porto', 'Portugal'] });
    expect(pond5.keywords).toEqual(['lighthouse', 'Porto', 'Portugal']);
    expect(exportKeywords([...stored, 'Portugal'], r, 'adobe').keywords).toHaveLength(7);
  });

  it('refuses empty, duplicated and contradictory entries with clear messages', () => {
    expect(() => rules({ alwaysInclude: ['drone', ' '] })).toThrow('Always-include entry 2 is empty');
    expect(() => rules({ neverInclude: ['Boat', 'boats'] })).toThrow("Never-include lists 'boats' twice (as 'Boat')");
    expect(() => rules({ alwaysInclude: ['sea'], neverInclude: ['Seas'] })).toThrow("'sea' is both always-include and never-include");
    expect(() => rules({ synonyms: [{ from: 'drone', to: '' }] })).toThrow('Synonym 1 needs both a keyword and its replacement');
    expect(() => rules({ synonyms: [{ from: 'drone', to: 'Drones' }] })).toThrow('maps a keyword to itself');
    expect(() =>
      rules({
        synonyms: [
          { from: 'a', to: 'b' },
          { from: 'A', to: 'c' },
        ],
      }),
    ).toThrow("Synonym 'A' is listed twice");
    expect(() => rules({ maxPerAgency: { adobe: 0 } })).toThrow('The keyword limit for adobe must be a whole number from 1 to 50');
    expect(() => rules({ maxPerAgency: { getty: 10 } })).toThrow("Unknown agency 'getty'");
    expect(rules({})).toEqual(NO_RULES);
  });

  it('checks the counts before reading any entry (no per-entry work for an oversized list)', () => {
    // Counts every entry read: an oversized list must be refused by its length alone.
    let reads = 0;
    const counted = <T>(values: T[]) =>
      new Proxy(values, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver);
        },
      });
    // Entry 2 is a duplicate: the old code read (and keyed) entries before it looked at the count.
    const many = counted(['drone', 'Drones', ...Array.from({ length: 4_998 }, (_, i) => `keyword ${i}`)]);
    expect(() => rules({ alwaysInclude: many })).toThrow('Always-include holds 5000 entries; the limit is 200');
    expect(() => rules({ alwaysInclude: ['sea'], neverInclude: counted(Array.from({ length: 201 }, (_, i) => `k${i}`)) })).toThrow(
      'Never-include holds 201 entries; the limit is 200',
    );
    const syn = counted(Array.from({ length: 300 }, (_, i) => ({ from: `a${i}`, to: 'a0' })));
    expect(() => rules({ synonyms: syn })).toThrow('300 synonyms were sent; the limit is 200');
    expect(reads).toBe(0);
    // 200 is within the limit.
    expect(rules({ alwaysInclude: Array.from({ length: 200 }, (_, i) => `k${i}`) }).alwaysInclude).toHaveLength(200);
  });
});

describe('bulk actions on one result', () => {
  const base = processedResult({
    title: 'Boats in Porto harbour',
    description: 'Boats at dusk',
    keywords: ['boat', 'harbour'],
    city: 'Porto',
    country: 'Portugal',
  });

  it('adds keywords at the start without duplicates, and refuses a set over the cap', () => {
    const out = applyBulkAction(base, base, { kind: 'addKeywords', keywords: ['Boats', 'dusk'], position: 'start' }, NO_RULES);
    expect(out).toMatchObject({ changed: true, result: { content: { keywords: ['Boats', 'dusk', 'harbour'] } } });
    const full = processedResult({ title: 'Full', keywords: Array.from({ length: 29 }, (_, i) => `k${i}`) });
    const capped = applyBulkAction(full, full, { kind: 'addKeywords', keywords: ['a', 'b', 'c'], position: 'end' }, NO_RULES);
    expect(capped).toEqual({ refused: 'It would have 32 keywords; the limit is 30' });
    // An agency maximum does not refuse: it cuts that agency's export only.
    const pond5 = applyBulkAction(base, base, { kind: 'addKeywords', keywords: ['a', 'b'], position: 'end' }, rules({ maxPerAgency: { pond5: 3 } }));
    expect(pond5).toMatchObject({ changed: true, result: { content: { keywords: ['boat', 'harbour', 'a', 'b'] } } });
  });

  it('never refuses an action that leaves keywords alone (setCategories on a set the rules would take over 30)', () => {
    const full = processedResult({ title: 'Full', keywords: Array.from({ length: 30 }, (_, i) => `k${i}`) });
    const r = rules({ alwaysInclude: ['Portugal'], maxPerAgency: { pond5: 10 } });
    const out = applyBulkAction(full, full, { kind: 'setCategories', adobe: 'Travel' }, r);
    expect(out).toMatchObject({ changed: true, result: { content: { keywords: full.content.keywords, categories: { adobe_category: 'Travel' } } } });
  });

  it('finds and replaces whole words only, and refuses a set left without a title', () => {
    expect(findReplaceText('Boats in Porto harbour', 'port', 'X', { wholeWord: true, matchCase: false })).toBe('Boats in Porto harbour');
    expect(findReplaceText('Boats in Porto harbour', 'port', 'X', { wholeWord: false, matchCase: false })).toBe('Boats in Xo harbour');
    const gone = applyBulkAction(
      base,
      base,
      { kind: 'findReplace', field: 'title', find: 'Boats in Porto harbour', replace: '', wholeWord: false, matchCase: false },
      NO_RULES,
    );
    expect(gone).toEqual({ refused: 'The replace would leave no title' });
  });

  it('computes the length a find and replace would give without building the text', () => {
    const cases: Array<[string, string, string, { wholeWord: boolean; matchCase: boolean }]> = [
      ['Boats in Porto harbour', 'port', 'X', { wholeWord: false, matchCase: false }],
      ['Boats in Porto harbour', 'port', 'X', { wholeWord: true, matchCase: false }],
      ['Porto porto PORTO', 'porto', 'Lisbon city', { wholeWord: true, matchCase: false }],
      ['Porto porto PORTO', 'porto', '', { wholeWord: false, matchCase: true }],
      ['aaaa', 'aa', 'b', { wholeWord: false, matchCase: false }],
      ['Zürich ÄÖ 空撮 空撮', '空撮', '😀😀', { wholeWord: false, matchCase: false }],
      ['no match here', 'xyz', 'long replacement', { wholeWord: false, matchCase: false }],
      ['a.b*c a.b*c', 'a.b*c', '$&$&', { wholeWord: true, matchCase: false }],
    ];
    for (const [text, find, replace, opts] of cases)
      expect(findReplaceLength(text, find, replace, opts)).toBe(findReplaceText(text, find, replace, opts).length);
    // 5,000 characters x a 5,000-character replacement: counted, never built.
    expect(findReplaceLength('a'.repeat(5000), 'a', 'b'.repeat(5000), { wholeWord: false, matchCase: false })).toBe(25_000_000);
  });

  it('reports a text that would outgrow its field instead of building it', () => {
    const long = processedResult({ title: 'Boats', description: 'boat '.repeat(900) });
    const out = applyBulkAction(
      long,
      long,
      { kind: 'findReplace', field: 'description', find: 'boat', replace: 'sailing boat', wholeWord: true, matchCase: false },
      NO_RULES,
    );
    expect(out).toEqual({ overflow: { field: 'description', length: 4500 + 900 * 8, limit: TEXT_FIELD_LIMITS.description } });
    const title = applyBulkAction(
      base,
      base,
      { kind: 'findReplace', field: 'title', find: 'Boats', replace: 'x'.repeat(500), wholeWord: false, matchCase: false },
      NO_RULES,
    );
    expect(title).toEqual({ overflow: { field: 'title', length: 517, limit: 500 } });
  });

  it('resets to the AI original', () => {
    const edited = processedResult({ title: 'Mine', keywords: ['x'] });
    expect(applyBulkAction(edited, base, { kind: 'resetToAiOriginal' }, NO_RULES)).toEqual({ result: base, changed: true });
  });
});
