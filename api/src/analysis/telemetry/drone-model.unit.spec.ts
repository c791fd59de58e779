import { fixtureNames, readFixture } from '../test-support/fixtures.js';
import { parseDjiSrt } from './parse.js';
import { detectDroneModel } from './drone-model.js';
import { CAMERA_TYPE_VALUES } from '../metadata/camera-types.js';

/**
 * Each real sample (api/test/fixtures/srt/SOURCES.md says what each repo filmed it on) gives the
 * generation its layout tells, or null where the layout is shared by several generations.
 */
const EXPECTED: Record<string, string | null> = {
  'CallMarcus__dji-drone-metadata-embedder__samples_Mini5PRO_clip.SRT': null, // modern layout, fixed f/1.8: Mini 5 Pro or Air 3S
  'CallMarcus__dji-drone-metadata-embedder__samples_neo2_clip_nogps.SRT': 'other', // Neo 2
  'JuanIrache__DJI_SRT_Parser__MAVIC3.srt': 'dji-mavic-3-pro-series',
  'JuanIrache__DJI_SRT_Parser__air2s.srt': 'dji-air-2s',
  'JuanIrache__DJI_SRT_Parser__m2zoom.SRT': 'dji-mavic-2',
  'JuanIrache__DJI_SRT_Parser__matrice_300.srt': 'dji-matrice',
  'JuanIrache__DJI_SRT_Parser__mavic_2pro_new.SRT': 'dji-mavic-2',
  'JuanIrache__DJI_SRT_Parser__mavic_air.SRT': null, // Mavic Air: camera fields only, shared with the Mavic 2 layout
  'JuanIrache__DJI_SRT_Parser__mavic_mini.SRT': 'dji-mini-2',
  'JuanIrache__DJI_SRT_Parser__mavic_pro.SRT': 'other',
  'JuanIrache__DJI_SRT_Parser__old_format.SRT': 'other',
  'JuanIrache__DJI_SRT_Parser__p4_rtk.SRT': 'dji-phantom-4-rtk',
  'Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT': 'dji-mavic-mini-3-pro',
  'ruz76__dji_srt2gpx__DJI.SRT': null, // not stated by its repo; modern layout at f/2.8
  'ruz76__dji_srt2gpx__DJI_MAVIC_3T.SRT': 'dji-mavic-3-pro-series',
};

describe('detectDroneModel on the real samples', () => {
  it('has an expectation for every fixture', () => {
    expect(fixtureNames().sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s -> %s', (name, cameraType) => {
    const text = readFixture(name);
    const detected = detectDroneModel(text, parseDjiSrt(text));
    expect(detected?.cameraType ?? null).toBe(cameraType);
    if (detected) {
      expect(CAMERA_TYPE_VALUES).toContain(detected.cameraType);
      expect(detected.evidence.length).toBeGreaterThan(10);
    }
  });

  it('never calls a Matrice clip a sub-250 g drone, whatever the project says', () => {
    const text = readFixture('JuanIrache__DJI_SRT_Parser__matrice_300.srt');
    expect(detectDroneModel(text, parseDjiSrt(text))?.cameraType).toBe('dji-matrice');
  });
});
