/**
 * Each agency's variant of a stored result (issue 21 item 4). The stored result stays as the user
 * wrote it; the agency's CSV and its check apply these, and the check names every change.
 *
 * - Adobe Stock: titles without commas (its CSV rules: "plain text without commas").
 * - Shutterstock: English titles and descriptions without accented letters (Reykjavík -> Reykjavik).
 * - Pond5: kept as written (it takes accents).
 */

/** Letters NFD does not split into a base letter and a mark. */
const FOLD_SPECIAL: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ł: 'l',
  Ł: 'L',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
};

/** Accented Latin letters folded to ASCII ("Reykjavík" -> "Reykjavik", "Kraków" -> "Krakow"); other text unchanged. */
export function foldAccents(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæÆøØœŒđĐðÐþÞłŁıħĦ]/g, (c) => FOLD_SPECIAL[c] ?? c)
    .normalize('NFC');
}

/** A title without commas: "Harpa, Reykjavik, at sunset" -> "Harpa Reykjavik at sunset". */
export function withoutCommas(s: string): string {
  return s
    .replace(/\s*,\s*/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** One change an agency's export makes to a stored field, for the check to explain. */
export interface VariantChange {
  field: 'title' | 'description';
  from: string;
  to: string;
  why: string;
}

export interface AgencyText {
  title: string | null;
  description: string | null;
  changes: VariantChange[];
}

function apply(field: VariantChange['field'], value: string | null, f: (s: string) => string, why: string, changes: VariantChange[]): string | null {
  if (value == null) return value;
  const to = f(value);
  if (to !== value) changes.push({ field, from: value, to, why });
  return to;
}

export function adobeText(r: { title: string | null; description: string | null }): AgencyText {
  const changes: VariantChange[] = [];
  const title = apply('title', r.title, withoutCommas, 'Adobe Stock asks for titles without commas', changes);
  return { title, description: r.description, changes };
}

export function shutterstockText(r: { title: string | null; description: string | null }): AgencyText {
  const changes: VariantChange[] = [];
  const why = 'Shutterstock asks for English without accented letters';
  const title = apply('title', r.title, foldAccents, why, changes);
  const description = apply('description', r.description, foldAccents, why, changes);
  return { title, description, changes };
}

/** "Title: commas removed (Adobe Stock asks ...): "a, b" -> "a b"". */
export function describeChange(c: VariantChange): string {
  const field = c.field === 'title' ? 'Title' : 'Description';
  const clip = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}...` : s);
  return `${field} changed in this export (${c.why}): "${clip(c.from)}" -> "${clip(c.to)}"`;
}
