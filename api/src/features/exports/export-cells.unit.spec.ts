import { contentDisposition, safeFileName } from './content-disposition.js';
import { keywordsCell, numberCell, textCell } from './csv-cells.js';
import { ADOBE_RULES, POND5_RULES, SHUTTERSTOCK_RULES } from './agency-rules.js';
import { foldAccents, withoutCommas } from './agency-variants.js';
import { CSV_FORMAT_SPECS } from './csv-formats.js';
import type { ExportRow } from './export-rows.js';
import { xmpGpsCoordinate } from './xmp-sidecar.js';

describe('textCell (formula injection)', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\uff1d1+1', '\uff0b1', '\uff0d1', '\uff20SUM(A1)'])('prefixes %j with a single quote', (v) => {
    expect(textCell(v)).toBe(`'${v}`);
  });
  it.each(['plain', ' =not at start', "'already quoted", '1-2', ''])('leaves %j alone', (v) => {
    expect(textCell(v)).toBe(v);
  });
  it('writes null as an empty cell', () => expect(textCell(null)).toBe(''));
  it.each([
    ['CR', '\r'],
    ['LF', '\n'],
    ['NEL (U+0085)', '\u0085'],
    ['LINE SEPARATOR (U+2028)', '\u2028'],
    ['PARAGRAPH SEPARATOR (U+2029)', '\u2029'],
  ])('prefixes a formula-looking line after a %s inside a cell', (_name, br) => {
    expect(textCell(`Harbour${br}=HYPERLINK("x")`)).toBe(`Harbour${br}'=HYPERLINK("x")`);
    expect(textCell(`a${br}+1${br}plain${br}@SUM(A1)`)).toBe(`a${br}'+1${br}plain${br}'@SUM(A1)`);
    expect(textCell(`a${br}b`)).toBe(`a${br}b`);
  });
  it('neutralizes a keyword list by its first keyword', () => {
    expect(keywordsCell(['-dash', 'b'])).toBe("'-dash, b");
    expect(keywordsCell(['a', '-b'])).toBe('a, -b');
  });
});

describe('numberCell', () => {
  it.each([
    [-3.37, '-3.37'],
    [47.376887, '47.376887'],
    [1e-7, '0'],
    [-0.0000001, '0'],
    [12.1234567, '12.123457'],
    [11, '11'],
    [null, ''],
    [Number.NaN, ''],
  ])('%p -> %p', (v, out) => expect(numberCell(v)).toBe(out));
});

describe('content disposition', () => {
  it('keeps a plain name', () =>
    expect(contentDisposition('Trip_export.csv')).toBe(`attachment; filename="Trip_export.csv"; filename*=UTF-8''Trip_export.csv`));
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Zürich 空撮.csv')).toBe(`attachment; filename="Zurich __.csv"; filename*=UTF-8''Z%C3%BCrich%20%E7%A9%BA%E6%92%AE.csv`);
  });
  it('never lets a name split the header or climb folders', () => {
    expect(safeFileName('a\r\nb/../c"d', 'x')).toBe('ab_.._c_d');
    expect(safeFileName('\r\n', 'export.csv')).toBe('export.csv');
    expect(contentDisposition("it's (1)*.csv")).toContain(`filename*=UTF-8''it%27s%20%281%29%2A.csv`);
  });
});

describe('XMP GPS coordinates', () => {
  it.each([
    [43.7277, 'lat', '43,43.662000N'],
    [-33.8568, 'lat', '33,51.408000S'],
    [-3.37, 'lon', '3,22.200000W'],
    [138.7274, 'lon', '138,43.644000E'],
    [0.9999999999, 'lat', '1,0.000000N'],
  ] as const)('%p %s -> %s', (v, axis, out) => expect(xmpGpsCoordinate(v, axis)).toBe(out));
});

const row = (over: Partial<ExportRow> = {}): ExportRow => ({
  fileSetId: 'id',
  position: 0,
  baseName: 'DJI_0001',
  filename: 'DJI_0001.MP4',
  hasResult: true,
  title: 'Aerial view of the harbour at dawn',
  description: 'A drone flies over the harbour.',
  keywords: ['harbour', 'boats', 'sea', 'dawn', 'aerial', 'drone', 'coast'],
  editorial: false,
  adobeCategory: 'Travel',
  shutterstockA: 'Nature',
  shutterstockB: null,
  latitude: 1,
  longitude: 2,
  city: 'X',
  country: 'Y',
  durationSeconds: 20,
  videoBytes: 400_000_000,
  ...over,
});

describe('agency rules', () => {
  it('accept a good row', () => {
    expect(ADOBE_RULES.checkRow(row())).toEqual({ problems: [], warnings: [] });
    expect(SHUTTERSTOCK_RULES.checkRow(row())).toEqual({ problems: [], warnings: [] });
  });
  it("refuse what Adobe Stock's CSV rules refuse", () => {
    expect(ADOBE_RULES.checkRow(row({ filename: 'DJI_20240612153045_0001_D_long.MP4' })).problems).toEqual([
      'Filename is 34 characters; Adobe Stock allows 30',
    ]);
    expect(ADOBE_RULES.checkRow(row({ filename: 'DJI_0001' })).problems).toEqual(['Filename must include its extension']);
    expect(ADOBE_RULES.checkRow(row({ title: 'x'.repeat(71) })).problems).toEqual(['Title is 71 characters; Adobe Stock allows 70']);
    expect(ADOBE_RULES.checkRow(row({ keywords: [] })).problems).toEqual(['Keywords are required']);
    expect(ADOBE_RULES.checkRow(row({ keywords: Array.from({ length: 51 }, (_, i) => `k${i}`) })).problems).toEqual(['51 keywords; Adobe Stock allows 50']);
    expect(ADOBE_RULES.checkRow(row({ keywords: ['a', 'b'], adobeCategory: null })).warnings).toEqual([
      'Only 2 keywords; add more so buyers find the clip',
      'No Adobe Stock category (1 to 21); Adobe strongly recommends one',
    ]);
    expect(ADOBE_RULES.checkFile(5001)).toHaveLength(1);
    expect(ADOBE_RULES.checkFile(5000)).toEqual([]);
  });
  it("refuse what Shutterstock's rules refuse", () => {
    expect(SHUTTERSTOCK_RULES.checkRow(row({ title: 'Too short' })).problems).toEqual(['Description is 9 characters; Shutterstock needs at least 10']);
    expect(SHUTTERSTOCK_RULES.checkRow(row({ title: 'y'.repeat(201) })).problems).toEqual(['Description is 201 characters; Shutterstock allows 200']);
    expect(SHUTTERSTOCK_RULES.checkRow(row({ keywords: ['a', 'b', 'c', 'd', 'e', 'f'] })).problems).toEqual(['6 keywords; Shutterstock needs at least 7']);
    expect(SHUTTERSTOCK_RULES.checkRow(row({ shutterstockA: null, shutterstockB: null })).problems).toEqual(['At least one Shutterstock category is required']);
  });
});

describe('agency variants (issue 21 item 4): each export applies its rules, the check explains each change', () => {
  it('folds accents the way Shutterstock wants, and nothing else', () => {
    expect(foldAccents('Reykjavík, Kraków, Zürich, São Paulo, Ærøskøbing, Łódź, Straße, Þingvellir')).toBe(
      'Reykjavik, Krakow, Zurich, Sao Paulo, AEroskobing, Lodz, Strasse, Thingvellir',
    );
    expect(foldAccents('富士山 at dawn')).toBe('富士山 at dawn');
    expect(withoutCommas('Harpa concert hall at sunset, Reykjavik, rising aerial')).toBe('Harpa concert hall at sunset Reykjavik rising aerial');
  });

  it('Adobe Stock: the export drops commas and the check says so; long clips and big files are warned about', () => {
    const r = row({ title: 'Harpa concert hall at sunset, Reykjavík, rising aerial' });
    expect(ADOBE_RULES.checkRow(r)).toEqual({
      problems: [],
      warnings: [
        'Title changed in this export (Adobe Stock asks for titles without commas): "Harpa concert hall at sunset, Reykjavík, rising aerial" -> "Harpa concert hall at sunset Reykjavík rising aerial"',
      ],
    });
    expect(CSV_FORMAT_SPECS.adobe.cells(r)[1]).toBe('Harpa concert hall at sunset Reykjavík rising aerial');
    expect(r.title).toBe('Harpa concert hall at sunset, Reykjavík, rising aerial'); // the stored value is untouched
    expect(ADOBE_RULES.checkRow(row({ durationSeconds: 75.4 })).warnings).toEqual([
      'The clip is 75 s long; Adobe Stock takes video of at most 60 s: trim it before uploading',
    ]);
    expect(ADOBE_RULES.checkRow(row({ durationSeconds: 60 })).warnings).toEqual([]);
    expect(ADOBE_RULES.checkRow(row({ videoBytes: 4.2e9 })).warnings).toEqual(['The video is 4.2 GB; Adobe Stock takes files up to 3.9 GB']);
    // A title that is only over the limit because of its commas is accepted once they are gone.
    expect(ADOBE_RULES.checkRow(row({ title: `${'a'.repeat(69)},` })).problems).toEqual([]);
  });

  it('Shutterstock: accents folded in title and description, the 5-word minimum checked', () => {
    const r = row({ title: 'Harpa concert hall in Reykjavík at sunset', description: 'A drone rises over Reykjavík.' });
    expect(SHUTTERSTOCK_RULES.checkRow(r)).toEqual({
      problems: [],
      warnings: [
        'Title changed in this export (Shutterstock asks for English without accented letters): "Harpa concert hall in Reykjavík at sunset" -> "Harpa concert hall in Reykjavik at sunset"',
        'Description changed in this export (Shutterstock asks for English without accented letters): "A drone rises over Reykjavík." -> "A drone rises over Reykjavik."',
      ],
    });
    expect(CSV_FORMAT_SPECS.shutterstock.cells(r)[1]).toBe('Harpa concert hall in Reykjavik at sunset');
    expect(SHUTTERSTOCK_RULES.checkRow(row({ title: 'Aerial harbour at dawn' })).problems).toEqual([
      'Description (title) has 4 words; Shutterstock wants at least 5',
    ]);
  });

  it('Pond5: accents kept, 40 to 80 characters', () => {
    const r = row({ title: 'Harpa concert hall in Reykjavík at sunset from a drone' });
    expect(POND5_RULES.checkRow(r)).toEqual({ problems: [], warnings: [] });
    expect(CSV_FORMAT_SPECS.pond5.cells(r)[1]).toBe('Harpa concert hall in Reykjavík at sunset from a drone');
    expect(POND5_RULES.checkRow(row({ title: 'Harbour at dawn from a drone' })).problems).toEqual(['Title is 28 characters; Pond5 wants at least 40']);
    expect(POND5_RULES.checkRow(row({ title: 'h'.repeat(81) })).problems).toEqual(['Title is 81 characters; Pond5 allows 80']);
  });
});
