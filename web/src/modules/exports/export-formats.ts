import type { AgencyExportFormat, ExportFormat } from '../../gql/graphql';

export interface ExportChoice {
  /** The menu value, unique per choice. */
  id: string;
  label: string;
  format: ExportFormat;
  withJpgs?: boolean;
  /** Agency formats show the agency's check before downloading. */
  agency?: AgencyExportFormat;
  /** SPEC §7 default names, used when the server sends no Content-Disposition. */
  fallbackName: string;
  /** The alert when the download fails (SPEC §8 for the CSVs). */
  failure: string;
}

export const EXPORT_CHOICES: ExportChoice[] = [
  { id: 'standard', label: 'Standard CSV', format: 'STANDARD', fallbackName: 'export.csv', failure: 'Failed to download CSV' },
  // Pond5 has rules too (titles of 40 to 80 characters, 5 to 50 keywords): its check shows first (issue 21).
  { id: 'pond5', label: 'Pond5 CSV…', format: 'POND5', agency: 'POND5', fallbackName: 'pond5_export.csv', failure: 'Failed to download CSV' },
  { id: 'adobe', label: 'Adobe Stock CSV…', format: 'ADOBE', agency: 'ADOBE', fallbackName: 'adobe_stock.csv', failure: 'Failed to download CSV' },
  {
    id: 'shutterstock',
    label: 'Shutterstock CSV…',
    format: 'SHUTTERSTOCK',
    agency: 'SHUTTERSTOCK',
    fallbackName: 'shutterstock.csv',
    failure: 'Failed to download CSV',
  },
  { id: 'xmp', label: 'Metadata ZIP (XMP)', format: 'METADATA_ZIP', fallbackName: 'metadata.zip', failure: 'Failed to download metadata ZIP' },
  {
    id: 'xmp-jpg',
    label: 'Metadata ZIP with JPGs',
    format: 'METADATA_ZIP',
    withJpgs: true,
    fallbackName: 'metadata_with_jpgs.zip',
    failure: 'Failed to download metadata ZIP',
  },
];

export const exportChoice = (id: string) => EXPORT_CHOICES.find((c) => c.id === id);
