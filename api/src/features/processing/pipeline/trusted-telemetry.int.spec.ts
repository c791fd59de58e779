/**
 * The real pipeline (ffprobe, frames, image analysis, offline wording) on generated telemetry
 * (issue 21 items 3 and 6): what the cleaner dropped is stored with the analysis, the description
 * gives the clip's length from the video, and a gimbal looking across a border names the subject's place.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeTestJpg, makeTestVideo } from '../../../../test/support/media-fixtures.js';
import { OfflineMetadataProvider } from '../../../analysis/metadata/offline.js';
import { srtText, track, withPreLock } from '../../../analysis/quality/generated-srt.js';
import { runPipeline } from './run-pipeline.js';

let dir: string;
let video: string;
let jpg: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-trusted-'));
  video = await makeTestVideo({ seconds: 3 });
  jpg = await makeTestJpg();
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function run(name: string, srt: string) {
  const srtPath = path.join(dir, `${name}.SRT`);
  await fs.writeFile(srtPath, srt);
  return runPipeline(
    { videoPath: video, jpgPath: jpg, srtPath, baseName: name, ordinal: 1, cameraType: 'other' },
    new OfflineMetadataProvider(),
    async () => undefined,
  );
}

describe('the stored analysis of a clip with pre-lock frames and a spike', () => {
  it('records what was dropped and why; a hover stays a hover; the length comes from the video and is not worded', async () => {
    // 30 pre-lock frames at altitude 0, then a 20 s hover at 50 m with one 600 m spike: the SRT runs ~21 s, the video 3 s.
    const hover = track(20, () => ({ x: 0, y: 0, h: 50 }), { lat0: 41.17, lon0: 16.41 }).map((e, i) => (i === 50 ? { ...e, lat: e.lat + 0.0055 } : e));
    const out = await run('DJI_0100', srtText(withPreLock(hover, 30)));
    const telemetry = out.analysis.telemetry as { dropped: { preLock: number; horizontalGlitch: number; examples: string[] } };
    expect(telemetry.dropped).toMatchObject({ preLock: 30, horizontalGlitch: 1, verticalGlitch: 0, clockBack: 0 });
    expect(telemetry.dropped.examples).toEqual(expect.arrayContaining([expect.stringMatching(/^entry 81: \d+ m in 0\.10 s from entry 80 \(over 40 m\/s\)$/)]));
    expect(out.facts.shotTypes).toMatchObject({ hover: true, rising: false });
    expect(out.facts.summary.altitudeStart).toBe(50);
    const d = out.generated.result.content.final_description;
    // The clip's length is the video's (3 s), not the SRT's 21 s; the wording states no length at all
    // (issue 32: no filler about duration in stock descriptions).
    expect(out.facts.probe?.duration).toBeCloseTo(3, 0);
    expect(d).not.toMatch(/\bseconds?\b/);
    expect(d).not.toMatch(/climb|rises by/);
  });

  it('only pre-lock frames: Unknown place, no motion types, the drop recorded', async () => {
    const out = await run('DJI_0101', srtText(withPreLock([], 60)));
    expect(out.generated.result.metadata).toEqual({ latitude: null, longitude: null, city: 'Unknown', country: 'Unknown' });
    for (const id of ['hover', 'rising', 'descending', 'orbit', 'tracking', 'flyover', 'pan'] as const) expect(out.facts.shotTypes[id]).toBe(false);
    expect((out.analysis.telemetry as { dropped: { preLock: number } }).dropped.preLock).toBe(60);
    expect(out.generated.result.content.final_description).not.toMatch(/not recorded|Unknown/i);
  });
});

describe('subject place from the gimbal (issue 21 item 6)', () => {
  // Hovering 100 m up over Strasbourg's Rhine port (France), the camera 10 deg down looking east: the
  // point it looks at is ~570 m away, across the Rhine in Kehl (Germany).
  const hoverAt = (gimbalPitch: number, gimbalYaw: number) =>
    srtText(track(10, () => ({ x: 0, y: 0, h: 100 }), { lat0: 48.5735, lon0: 7.795, gimbalPitch, gimbalYaw }));

  it("names the place the camera looks at when it differs from the drone's, and says which was used", async () => {
    const out = await run('DJI_0102', hoverAt(-10, 90));
    expect(out.analysis.placeSource).toBe('subject');
    expect(out.analysis.dronePlace).toMatchObject({ city: 'Strasbourg', country: 'France' });
    expect(out.analysis.subjectPlace).toMatchObject({ city: 'Kehl', country: 'Germany' });
    expect(out.analysis.lookAt).toMatchObject({ pitch: -10, yaw: 90, height: 100 });
    expect((out.analysis.lookAt as { distanceM: number }).distanceM).toBeCloseTo(100 / Math.tan((10 * Math.PI) / 180), 3);
    expect(out.generated.result.metadata).toMatchObject({ city: 'Kehl', country: 'Germany', latitude: 48.5735, longitude: 7.795 });
    expect(out.generated.result.content.title).toMatch(/Kehl/);
    expect((out.analysis.wording as { place: string }).place).toMatch(/the camera looks at/);
  });

  it("keeps the drone's place when the camera looks back over the same town", async () => {
    const out = await run('DJI_0103', hoverAt(-10, 270));
    expect(out.analysis.placeSource).toBe('drone');
    expect(out.generated.result.metadata).toMatchObject({ city: 'Strasbourg', country: 'France' });
  });

  it('no look point when the camera is at the horizon', async () => {
    const out = await run('DJI_0104', hoverAt(-2, 90));
    expect(out.analysis.lookAt).toBeNull();
    expect(out.analysis.placeSource).toBe('drone');
  });
});
