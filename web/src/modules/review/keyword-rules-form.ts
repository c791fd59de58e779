/**
 * The keyword rules panel's form: lists as typed text (comma-separated keywords, one synonym a line
 * "drone footage -> aerial footage"), read into KeywordRulesInput. A line the form cannot read is
 * named here; everything else (duplicates, contradictions) the server's validation names.
 */
export const AGENCY_FIELDS = [
  { id: 'adobe', name: 'Adobe Stock', takes: 49 },
  { id: 'shutterstock', name: 'Shutterstock', takes: 50 },
  { id: 'pond5', name: 'Pond5', takes: 50 },
] as const;
export type AgencyId = (typeof AGENCY_FIELDS)[number]['id'];

export interface RulesForm {
  alwaysInclude: string;
  neverInclude: string;
  synonyms: string;
  /** Blank: SPEC's 30. */
  maxPerAgency: Record<AgencyId, string>;
}

export interface RulesInput {
  alwaysInclude: string[];
  neverInclude: string[];
  synonyms: Array<{ from: string; to: string }>;
  maxPerAgency: Record<AgencyId, number | null>;
}

export const EMPTY_FORM: RulesForm = { alwaysInclude: '', neverInclude: '', synonyms: '', maxPerAgency: { adobe: '', shutterstock: '', pond5: '' } };

const list = (text: string) =>
  text
    .split(/[,\n]/)
    .map((k) => k.trim().replace(/\s+/g, ' '))
    .filter(Boolean);

export function formOf(rules: {
  alwaysInclude: readonly string[];
  neverInclude: readonly string[];
  synonyms: ReadonlyArray<{ from: string; to: string }>;
  maxPerAgency: { adobe?: number | null; shutterstock?: number | null; pond5?: number | null };
}): RulesForm {
  const n = (v: number | null | undefined) => (v == null ? '' : String(v));
  return {
    alwaysInclude: rules.alwaysInclude.join(', '),
    neverInclude: rules.neverInclude.join(', '),
    synonyms: rules.synonyms.map((s) => `${s.from} -> ${s.to}`).join('\n'),
    maxPerAgency: { adobe: n(rules.maxPerAgency.adobe), shutterstock: n(rules.maxPerAgency.shutterstock), pond5: n(rules.maxPerAgency.pond5) },
  };
}

/** The form read into the API's input, or the first line it cannot read, with its field. */
export function readForm(form: RulesForm): { rules: RulesInput } | { field: string; message: string } {
  const synonyms: RulesInput['synonyms'] = [];
  const lines = form.synonyms.split('\n');
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^(.+?)\s*(?:->|→|=)\s*(.+)$/.exec(line);
    if (!m) return { field: 'synonyms', message: `Synonym line ${i + 1} ('${line}'): write it as 'drone footage -> aerial footage'` };
    synonyms.push({ from: m[1]!.trim(), to: m[2]!.trim() });
  }
  const maxPerAgency = {} as Record<AgencyId, number | null>;
  for (const a of AGENCY_FIELDS) {
    const v = form.maxPerAgency[a.id].trim();
    if (!v) {
      maxPerAgency[a.id] = null;
      continue;
    }
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 50)
      return { field: 'maxPerAgency', message: `${a.name}: give a whole number from 1 to 50, or leave it blank for 30` };
    maxPerAgency[a.id] = n;
  }
  return { rules: { alwaysInclude: list(form.alwaysInclude), neverInclude: list(form.neverInclude), synonyms, maxPerAgency } };
}
