/**
 * Every real fixture SRT through the pipeline's telemetry + place stage and the offline wording of
 * its location: the first fix, the local start time and the place match the hand-read expectations
 * (analysis/test-support/fixture-expectations.ts), and a track without GPS reads "Unknown".
 * Then the offline titles of all fixture clips, as one project would save them, are all different.
 */
import { readFileSync } from 'node:fs';
import { offlineMetadata } from '../../../analysis/metadata/index.js';
import { titleProblems } from '../../../analysis/metadata/titles.js';
import { SCENES } from '../../../analysis/quality/flight-grid.js';
import { EXPECTED } from '../../../analysis/test-support/fixture-expectations.js';
import { fixtureNames, FIXTURE_DIR } from '../../../analysis/test-support/fixtures.js';
import { chooseTitle } from '../../results/title-choice.js';
import { PermanentProcessingError } from '../../../analysis/metadata/index.js';
import { placeOf, readTelemetry, readTelemetryFile } from './telemetry-stage.js';
import { fixtureFacts } from '../test-support/fixture-facts.js';

describe.each(Object.entries(EXPECTED))('telemetry + place stage: %s', (name, exp) => {
  it('reads the hand-read first fix, start time and place, and words the location', () => {
    const f = fixtureFacts(name, 1);
    if (exp.localStart !== undefined) expect(f.summary.localStart?.slice(0, 19) ?? null).toBe(exp.localStart);
    const m = offlineMetadata(f).result.metadata;
    if (!exp.firstFix) {
      // Documented rule: no fix at all -> the set completes with an Unknown location.
      expect(f.position).toBeNull();
      expect(m).toEqual({ latitude: null, longitude: null, city: 'Unknown', country: 'Unknown' });
      expect(f.shotTypes.flyover || f.shotTypes.orbit || f.shotTypes.tracking || f.shotTypes.hover).toBe(false);
      return;
    }
    expect(f.position!.latitude).toBeCloseTo(exp.firstFix.lat, 6);
    expect(f.position!.longitude).toBeCloseTo(exp.firstFix.lon, 6);
    expect(m.latitude).toBeCloseTo(exp.firstFix.lat, 6);
    expect(m.longitude).toBeCloseTo(exp.firstFix.lon, 6);
    expect(m.country).toBe(exp.country);
    if (exp.city !== undefined) expect(m.city).toBe(exp.city);
    // Titles lead with the subject and the place (issue 21): the town, else the region or country.
    if (exp.country === null) expect(offlineMetadata(f).result.content.title).toMatch(/open sea/i);
    else expect(offlineMetadata(f).result.content.title).toContain(f.place!.city ?? f.place!.region ?? exp.country!);
  });
});

describe('offline titles across the fixture clips', () => {
  it('gives every clip of one project its own title, reading like a stock title', () => {
    const names = fixtureNames();
    const used = new Set<string>();
    const titles = names.map((n, i) => {
      const g = offlineMetadata(fixtureFacts(n, i + 1));
      const t = chooseTitle(g.titleCandidates, used, n, `id${i}`);
      used.add(t.toLowerCase());
      return t;
    });
    expect(new Set(titles.map((t) => t.toLowerCase())).size).toBe(names.length);
    for (const t of titles) {
      // Subject first, within every agency's limits (issue 21: no "Aerial Drone Footage of" on every row).
      expect(t).not.toMatch(/^Aerial Drone /);
      expect(titleProblems(t)).toEqual([]);
      expect(t).not.toMatch(/\(JuanIrache|\.SRT|\.srt/); // never needed the filename fallback
    }
    // The Corato clip (DJI_0023) reads like an editor's title.
    expect(titles[names.indexOf('Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT')]).toMatch(/^Corato [a-z]+ in Italy /);
  });

  it('keeps keywords within the rules: at most 30, no duplicates, no brand or tool names', () => {
    for (const n of fixtureNames()) {
      const k = offlineMetadata(fixtureFacts(n, 1)).result.content.keywords;
      expect(k.length).toBeGreaterThanOrEqual(7); // Shutterstock's minimum
      expect(k.length).toBeLessThanOrEqual(30);
      expect(new Set(k.map((x) => x.toLowerCase())).size).toBe(k.length);
      expect(k.join(' ')).not.toMatch(/dji|mavic|openai|ffmpeg|shotlog/i);
    }
  });
});

// Issue 16 made the drone sentence follow the clip's own aircraft; issue 21 removed the sentence
// (camera marketing a buyer does not search for). The camera type is still decided per clip and stored.
describe('the camera type of a clip (issue 16) and descriptions without camera marketing (issue 21)', () => {
  it("uses the generation the clip's telemetry tells over the project's choice", () => {
    const matrice = fixtureFacts('JuanIrache__DJI_SRT_Parser__matrice_300.srt', 1, 'dji-mavic-mini-4-pro');
    expect(matrice).toMatchObject({ cameraType: 'dji-matrice', cameraTypeSource: 'telemetry' });
    const description = offlineMetadata(matrice).result.content.final_description;
    expect(description).not.toMatch(/sub-250|Shot on|enterprise drone/);
  });

  it("keeps the project's choice where the layout is shared by several generations", () => {
    const mini5 = fixtureFacts('CallMarcus__dji-drone-metadata-embedder__samples_Mini5PRO_clip.SRT', 1, 'dji-mini-5-pro');
    expect(mini5).toMatchObject({ cameraType: 'dji-mini-5-pro', cameraTypeSource: 'project' });
    expect(offlineMetadata(mini5).result.content.final_description).not.toMatch(/Shot on|1-inch sensor/);
    const other = fixtureFacts('ruz76__dji_srt2gpx__DJI.SRT', 1, 'other');
    expect(offlineMetadata(other).result.content.final_description).not.toMatch(/Shot on/);
  });
});

describe('readTelemetryFile (what processing runs: the file streamed on a worker thread)', () => {
  it.each(fixtureNames())('%s: the same facts as the whole-text parse', async (name) => {
    const streamed = await readTelemetryFile(FIXTURE_DIR + name, 1024 ** 3, name);
    expect(streamed).toEqual(readTelemetry(readFileSync(FIXTURE_DIR + name, 'utf8')));
  });

  it('a file over SRT_MAX_BYTES (stored before the cap, or under a larger one) fails for good, by name', async () => {
    const name = 'JuanIrache__DJI_SRT_Parser__MAVIC3.srt';
    const failure = readTelemetryFile(FIXTURE_DIR + name, 50_000, 'DJI_0001.SRT');
    await expect(failure).rejects.toThrow(PermanentProcessingError);
    await expect(failure).rejects.toThrow('DJI_0001.SRT: The file is larger than the 48.8 KiB limit for .SRT telemetry (a 2-hour flight writes about 130 MB)');
  });
});

describe('issue 21 on the real fixtures', () => {
  it('urban points in Barcelona and Prague read as city, never farmland, even when the picture is green', () => {
    for (const [name, city] of [
      ['JuanIrache__DJI_SRT_Parser__air2s.srt', 'Barcelona'],
      ['ruz76__dji_srt2gpx__DJI_MAVIC_3T.SRT', 'Prague'],
    ] as const) {
      const f = { ...fixtureFacts(name, 1), scene: SCENES.fields!, image: SCENES.fields! };
      const g = offlineMetadata(f);
      expect(g.result.metadata.city).toBe(city);
      expect(g.result.content.keywords).toEqual(expect.arrayContaining([city, 'urban']));
      expect(g.result.content.keywords).not.toEqual(expect.arrayContaining(['farmland']));
      expect(g.result.content.keywords).not.toContain('agriculture');
      expect(g.result.content.keywords).not.toContain('countryside');
      expect(g.result.content.categories.adobe_category).toBe('Buildings and Architecture');
      expect(g.reasons!.categories).toMatch(new RegExp(`^city: urban: ${city} \\([\\d,]+ people\\)`));
    }
  });

  it('gimbal fixtures give the point the camera looks at (Mavic 3T: 80.5 m up, 10.7 deg down -> ~426 m away)', () => {
    const t = readTelemetry(readFileSync(FIXTURE_DIR + 'ruz76__dji_srt2gpx__DJI_MAVIC_3T.SRT', 'utf8'));
    expect(t.summary.lookAt).toMatchObject({ pitch: -10.7, yaw: 252.7, height: 80.507 });
    expect(t.summary.lookAt!.distanceM).toBeCloseTo(80.507 / Math.tan((10.7 * Math.PI) / 180), 6);
    // The look point is still in Prague: the drone's place is kept and the analysis says so.
    expect(placeOf(t.summary)).toMatchObject({ placeSource: 'drone', subjectPlace: { city: 'Prague' } });
  });
});
