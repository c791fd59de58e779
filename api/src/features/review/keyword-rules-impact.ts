/**
 * How many sets each keyword rule changes, before the rules are saved (the rules panel's preview).
 * Pure: the project's sets' keywords in, one count per rule entry out.
 */
import { AGENCIES, applyKeywordRules, keywordKey, type Agency, type KeywordRules } from './keyword-rules.js';

export interface RuleImpact {
  /** alwaysInclude, neverInclude, synonyms or maxPerAgency: the panel's list the entry belongs to. */
  kind: 'alwaysInclude' | 'neverInclude' | 'synonyms' | 'maxPerAgency';
  /** The entry as the panel shows it: the keyword, "from -> to", or the agency. */
  entry: string;
  /** Sets (with a result) this entry changes. */
  sets: number;
  /** The entry in words: "Adds 'Portugal' to 38 of 40 sets". */
  summary: string;
}

export interface RulesImpact {
  /** Sets with a result: what the counts are out of. */
  sets: number;
  /** Sets any rule changes (in any export). */
  changed: number;
  entries: RuleImpact[];
}

const AGENCY_NAME: Record<Agency, string> = { adobe: 'Adobe Stock', shutterstock: 'Shutterstock', pond5: 'Pond5' };
const sets = (n: number) => `${n} set${n === 1 ? '' : 's'}`;

export function rulesImpact(rules: KeywordRules, projectSets: ReadonlyArray<readonly string[]>): RulesImpact {
  // Each keyword's identity once per set: counting a key is one map read per set.
  const perKey = new Map<string, number>();
  for (const keywords of projectSets) for (const key of new Set(keywords.map(keywordKey))) perKey.set(key, (perKey.get(key) ?? 0) + 1);
  const having = (k: string) => perKey.get(keywordKey(k)) ?? 0;
  const total = projectSets.length;
  const out = (n: number) => `${n} of ${total}`;

  const entries: RuleImpact[] = [
    ...rules.alwaysInclude.map((k) => {
      const n = total - having(k);
      return { kind: 'alwaysInclude' as const, entry: k, sets: n, summary: `Adds '${k}' to ${out(n)} sets` };
    }),
    ...rules.neverInclude.map((k) => {
      const n = having(k);
      return { kind: 'neverInclude' as const, entry: k, sets: n, summary: `Removes '${k}' from ${sets(n)}` };
    }),
    ...rules.synonyms.map((s) => {
      const n = having(s.from);
      return { kind: 'synonyms' as const, entry: `${s.from} -> ${s.to}`, sets: n, summary: `Replaces '${s.from}' by '${s.to}' in ${sets(n)}` };
    }),
  ];
  // The agency limits count what the other rules leave: the export applies them first.
  const ruled = projectSets.map((k) => applyKeywordRules(k, rules));
  for (const agency of AGENCIES) {
    const max = rules.maxPerAgency[agency];
    if (max == null) continue;
    const n = ruled.filter((r) => r.keywords.length > max).length;
    entries.push({
      kind: 'maxPerAgency',
      entry: agency,
      sets: n,
      summary: `${AGENCY_NAME[agency]}'s export keeps ${max} keywords: ${sets(n)} have more (always-include and the most relevant are kept)`,
    });
  }
  const limits = AGENCIES.map((a) => rules.maxPerAgency[a]).filter((m): m is number => m != null);
  const changed = ruled.filter(
    (r, i) => r.changes.length > 0 || limits.some((m) => r.keywords.length > m) || r.keywords.length !== projectSets[i]!.length,
  ).length;
  return { sets: total, changed, entries };
}
