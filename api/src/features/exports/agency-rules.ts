import { adobeCategoryNumber } from '../../analysis/metadata/categories.js';
import { shutterstockCategories, type AgencyFormat } from './csv-formats.js';
import type { ExportRow } from './export-rows.js';
import { adobeText, describeChange, shutterstockText } from './agency-variants.js';

/** Adobe Stock takes video clips of at most 60 s ... */
export const ADOBE_MAX_SECONDS = 60;
/** ... and files up to 3.9 GB. */
export const ADOBE_MAX_BYTES = 3.9e9;
/** Shutterstock wants an English title of at least 5 words. */
export const SHUTTERSTOCK_MIN_WORDS = 5;
/** Pond5 titles: 40 to 80 characters. */
export const POND5_TITLE_CHARS = { min: 40, max: 80 } as const;

const words = (s: string) => s.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;

/** What one row would meet at the agency: `problems` get it refused, `warnings` are advice. */
export interface RowFindings {
  problems: string[];
  warnings: string[];
}

export interface AgencyRules {
  agency: string;
  /** Where the rules are published. */
  source: string;
  checkRow(row: ExportRow): RowFindings;
  /** Limits on the file as a whole (row count). */
  checkFile(totalRows: number): string[];
}

const chars = (s: string | null) => [...(s ?? '')].length;

/**
 * Adobe Stock, "CSV requirements" (helpx.adobe.com/stock/contributor/manage-your-portfolio/
 * csv-requirements-content.html): filename required, 30 characters at most, with its extension;
 * title required, 70 characters at most, plain text without commas; keywords required, 50 at
 * most; category optional but recommended (a number 1 to 21); at most 5,000 rows per file.
 */
export const ADOBE_RULES: AgencyRules = {
  agency: 'Adobe Stock',
  source: 'https://helpx.adobe.com/stock/contributor/manage-your-portfolio/csv-requirements-content.html',
  checkRow(r) {
    const problems: string[] = [];
    const warnings: string[] = [];
    if (!r.hasResult) problems.push('No processed result yet');
    if (!r.filename) problems.push('Filename is required');
    else if (chars(r.filename) > 30) problems.push(`Filename is ${chars(r.filename)} characters; Adobe Stock allows 30`);
    else if (!/\.[A-Za-z0-9]+$/.test(r.filename)) problems.push('Filename must include its extension');
    // The title as the Adobe export writes it (commas removed); each change is explained.
    const v = adobeText(r);
    if (!v.title?.trim()) problems.push('Title is required');
    else if (chars(v.title) > 70) problems.push(`Title is ${chars(v.title)} characters; Adobe Stock allows 70`);
    warnings.push(...v.changes.map(describeChange));
    if (r.durationSeconds !== null && r.durationSeconds > ADOBE_MAX_SECONDS)
      warnings.push(`The clip is ${Math.round(r.durationSeconds)} s long; Adobe Stock takes video of at most ${ADOBE_MAX_SECONDS} s: trim it before uploading`);
    if (r.videoBytes !== null && r.videoBytes > ADOBE_MAX_BYTES)
      warnings.push(`The video is ${(r.videoBytes / 1e9).toFixed(1)} GB; Adobe Stock takes files up to 3.9 GB`);
    if (r.keywords.length === 0) problems.push('Keywords are required');
    else if (r.keywords.length > 50) problems.push(`${r.keywords.length} keywords; Adobe Stock allows 50`);
    else if (r.keywords.length < 5) warnings.push(`Only ${r.keywords.length} keywords; add more so buyers find the clip`);
    if (r.hasResult && adobeCategoryNumber(r.adobeCategory) === null) warnings.push('No Adobe Stock category (1 to 21); Adobe strongly recommends one');
    return { problems, warnings };
  },
  checkFile: (n) => (n > 5000 ? [`${n} rows; Adobe Stock takes at most 5,000 rows per CSV: split the upload`] : []),
};

/**
 * Shutterstock, "How do I submit photos for review?" (submit.shutterstock.com/help/en/articles/
 * 10594645): a title ("Description"), 7 to 50 keywords and at least one category (two at most);
 * the Description field holds 200 characters; we also ask for 10 so it says something. Filenames
 * are matched against uploads, so one is required; FTPS and browsers cap names at 255 characters.
 */
export const SHUTTERSTOCK_RULES: AgencyRules = {
  agency: 'Shutterstock',
  source: 'https://submit.shutterstock.com/help/en/articles/10594645-how-do-i-submit-photos-for-review',
  checkRow(r) {
    const problems: string[] = [];
    const warnings: string[] = [];
    if (!r.hasResult) problems.push('No processed result yet');
    if (!r.filename) problems.push('Filename is required');
    else if (chars(r.filename) > 255) problems.push(`Filename is ${chars(r.filename)} characters; the limit is 255`);
    // The title as the Shutterstock export writes it (accents folded); each change is explained.
    const v = shutterstockText(r);
    const d = v.title?.trim() ?? '';
    if (!d) problems.push('Description (title) is required');
    else if (chars(d) < 10) problems.push(`Description is ${chars(d)} characters; Shutterstock needs at least 10`);
    else if (chars(d) > 200) problems.push(`Description is ${chars(d)} characters; Shutterstock allows 200`);
    else if (words(d) < SHUTTERSTOCK_MIN_WORDS)
      problems.push(`Description (title) has ${words(d)} words; Shutterstock wants at least ${SHUTTERSTOCK_MIN_WORDS}`);
    warnings.push(...v.changes.map(describeChange));
    if (r.keywords.length < 7) problems.push(`${r.keywords.length} keyword${r.keywords.length === 1 ? '' : 's'}; Shutterstock needs at least 7`);
    else if (r.keywords.length > 50) problems.push(`${r.keywords.length} keywords; Shutterstock allows 50`);
    if (shutterstockCategories(r).length === 0) problems.push('At least one Shutterstock category is required');
    return { problems, warnings };
  },
  checkFile: () => [],
};

/**
 * Pond5 (its CSV metadata guide): a title of 40 to 80 characters (accents are fine: the export keeps
 * them), a description, and at least 5 keywords (50 at most).
 */
export const POND5_RULES: AgencyRules = {
  agency: 'Pond5',
  source: 'https://help.pond5.com/hc/en-us',
  checkRow(r) {
    const problems: string[] = [];
    const warnings: string[] = [];
    if (!r.hasResult) problems.push('No processed result yet');
    if (!r.filename) problems.push('Filename is required');
    const t = r.title?.trim() ?? '';
    if (!t) problems.push('Title is required');
    else if (chars(t) < POND5_TITLE_CHARS.min) problems.push(`Title is ${chars(t)} characters; Pond5 wants at least ${POND5_TITLE_CHARS.min}`);
    else if (chars(t) > POND5_TITLE_CHARS.max) problems.push(`Title is ${chars(t)} characters; Pond5 allows ${POND5_TITLE_CHARS.max}`);
    if (r.hasResult && !r.description?.trim()) warnings.push('No description; Pond5 shows one on the clip page');
    if (r.keywords.length < 5) problems.push(`${r.keywords.length} keyword${r.keywords.length === 1 ? '' : 's'}; Pond5 needs at least 5`);
    else if (r.keywords.length > 50) problems.push(`${r.keywords.length} keywords; Pond5 allows 50`);
    return { problems, warnings };
  },
  checkFile: () => [],
};

export const AGENCY_RULES: Record<AgencyFormat, AgencyRules> = { adobe: ADOBE_RULES, shutterstock: SHUTTERSTOCK_RULES, pond5: POND5_RULES };
