/**
 * The fixed project behind the golden CSVs (api/src/features/exports/golden/*.csv): quotes, commas,
 * newlines and non-ASCII inside titles and descriptions, more than 30 keywords, formula-looking
 * cells, a negative longitude, and a set with no result.
 */
import type { AppServices } from '../../../app/compose.js';
import { seedProject, type SeedFileSet } from './seed-results.js';

const manyKeywords = Array.from({ length: 34 }, (_, i) => (i === 0 ? 'église' : i === 1 ? 'aerial, view' : `keyword${i + 1}`));

export const GOLDEN_SETS: SeedFileSet[] = [
  {
    baseName: 'DJI_0001',
    files: [{ filename: 'DJI_0001.MP4' }, { filename: 'DJI_0001.JPG' }, { filename: 'DJI_0001.SRT' }],
    result: {
      title: 'Aerial view of "Old Town", Zürich',
      description: 'The drone flies over the Limmat,\nthen rises above the "Grossmünster" towers.',
      keywords: manyKeywords,
      adobe: 'Travel',
      shutterstockA: 'Buildings/Landmarks',
      shutterstockB: 'Nature',
      latitude: 47.376887,
      longitude: 8.541694,
      city: 'Zürich',
      country: 'Switzerland',
    },
  },
  {
    baseName: 'DJI_0002',
    files: [{ filename: 'DJI_0002.MP4' }, { filename: 'DJI_0002.JPG' }],
    result: {
      title: '=HYPERLINK("http://evil.example","Click me")',
      description: "+cmd|' /C calc'!A0",
      keywords: ['-2+3', '@SUM(A1)', 'coast', 'cliffs', 'sea', 'boats', 'harbour', 'summer'],
      adobe: 'Landscape',
      shutterstockA: 'Nature',
      shutterstockB: null,
      latitude: 50.2381,
      longitude: -3.37,
      city: 'Salcombe',
      country: 'United Kingdom',
    },
  },
  {
    baseName: 'DJI_0003',
    files: [{ filename: 'DJI_0003.MOV' }, { filename: 'DJI_0003.SRT' }],
  },
  {
    baseName: 'DJI_0004',
    files: [{ filename: 'DJI_0004.MP4' }],
    result: {
      title: '富士山の空撮 at dawn',
      description: '\tSunrise over Mount Fuji; 日の出, seen from the west',
      keywords: ['富士山', 'mountain', 'sunrise', 'japan', 'snow', 'volcano', 'clouds', 'landscape'],
      adobe: 'Landscape',
      shutterstockA: 'Nature',
      shutterstockB: 'Holidays',
      latitude: 35.3606,
      longitude: 138.7274,
      city: 'Fujinomiya',
      country: 'Japan',
    },
  },
];

export const seedGoldenProject = (services: AppServices, ownerId: string, name = 'Golden Project') =>
  seedProject(services, { ownerId, name, sets: GOLDEN_SETS });
