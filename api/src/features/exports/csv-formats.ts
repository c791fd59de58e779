import { adobeCategoryNumber } from '../../analysis/metadata/categories.js';
import { keywordsCell, numberCell, textCell } from './csv-cells.js';
import type { ExportRow } from './export-rows.js';
import { adobeText, shutterstockText } from './agency-variants.js';

export const CSV_FORMATS = ['standard', 'pond5', 'adobe', 'shutterstock'] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];
export const AGENCY_FORMATS = ['adobe', 'shutterstock', 'pond5'] as const;
export type AgencyFormat = (typeof AGENCY_FORMATS)[number];

export interface CsvFormatSpec {
  header: readonly string[];
  /** `{project name}{suffix}`: the download's file name. */
  fileSuffix: string;
  /** The name when the project name leaves nothing usable (SPEC §7 defaults). */
  fallbackName: string;
  /** The row's cells, already safe (formula-neutralized text, plain numbers). */
  cells(row: ExportRow): string[];
}

/**
 * The four CSV layouts. Standard and Pond5 are SPEC §9 exactly; Adobe Stock and Shutterstock are
 * the agencies' own upload templates (header names as their samples spell them). A set without a
 * result gives its filename and empty cells (and Pond5's fixed `no`).
 */
export const CSV_FORMAT_SPECS: Record<CsvFormat, CsvFormatSpec> = {
  standard: {
    header: [
      'originalfilename',
      'Title',
      'Description',
      'Keywords',
      'Adobe_Category',
      'Shutterstock_A',
      'Shutterstock_B',
      'Latitude',
      'Longitude',
      'City',
      'Country',
    ],
    fileSuffix: '_export.csv',
    fallbackName: 'export.csv',
    cells: (r) => [
      textCell(r.filename),
      textCell(r.title),
      textCell(r.description),
      keywordsCell(r.keywords),
      textCell(r.adobeCategory),
      textCell(r.shutterstockA),
      textCell(r.shutterstockB),
      numberCell(r.latitude),
      numberCell(r.longitude),
      textCell(r.city),
      textCell(r.country),
    ],
  },
  pond5: {
    header: ['originalfilename', 'Title', 'Description', 'Keywords', 'City', 'Country', 'containsaudio'],
    fileSuffix: '_pond5_export.csv',
    fallbackName: 'pond5_export.csv',
    // SPEC §9: containsaudio is always 'no' (the sound of a drone clip is propeller noise).
    cells: (r) => [textCell(r.filename), textCell(r.title), textCell(r.description), keywordsCell(r.keywords), textCell(r.city), textCell(r.country), 'no'],
  },
  adobe: {
    header: ['Filename', 'Title', 'Keywords', 'Category', 'Releases'],
    fileSuffix: '_adobe_stock.csv',
    fallbackName: 'adobe_stock.csv',
    // The title without commas (agency-variants.ts); the stored result keeps them.
    cells: (r) => [textCell(r.filename), textCell(adobeText(r).title), keywordsCell(r.keywords), numberCell(adobeCategoryNumber(r.adobeCategory)), ''],
  },
  shutterstock: {
    header: ['Filename', 'Description', 'Keywords', 'Categories', 'Editorial', 'Mature content', 'Illustration'],
    fileSuffix: '_shutterstock.csv',
    fallbackName: 'shutterstock.csv',
    // Shutterstock's "Description" is what it shows as the clip's title (its submit page: "enter
    // titles (Description)", at most 200 characters), so it carries our title, not the long description.
    // Accents folded (agency-variants.ts); the stored result keeps them.
    cells: (r) => [
      textCell(r.filename),
      textCell(shutterstockText(r).title),
      keywordsCell(r.keywords),
      textCell(shutterstockCategories(r).join(',')),
      r.editorial ? 'yes' : 'no',
      'no',
      'no',
    ],
  },
};

export function shutterstockCategories(r: ExportRow): string[] {
  return [...new Set([r.shutterstockA, r.shutterstockB].filter((c): c is string => !!c))];
}

export function isCsvFormat(v: unknown): v is CsvFormat {
  return typeof v === 'string' && (CSV_FORMATS as readonly string[]).includes(v);
}
