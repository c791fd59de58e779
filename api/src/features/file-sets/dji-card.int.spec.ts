/**
 * A card as a DJI drone writes it (issue 30 items 1-3), on the service tier: files recorded as an
 * upload records them, the stills taken from the clips by the real ffmpeg, the real pipelines on
 * the sets (offline wording), PostgreSQL for the rest.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openServiceDatabase, type ServiceDatabase } from '../../../test/support/service-tier.js';
import { makeDjiCard, makeDjiPhoto, type DjiCard } from '../../../test/support/dji-card.js';
import { makeTestJpg } from '../../../test/support/media-fixtures.js';
import { EventBus } from '../../platform/events/events.js';
import { FileStorage } from '../files/file-storage.js';
import { ProjectsService } from '../projects/projects.service.js';
import { AccountQuotas, NO_QUOTAS } from '../quotas/account-quotas.js';
import { QUOTA_COUNTS } from '../../app/quota-counts.js';
import { storedBytesOf } from './file-set-rows.js';
import { runHolds } from '../processing/run-holds.js';
import { classifyFilename } from '../uploads/upload-naming.js';
import type { User } from '../users/user.entity.js';
import type { IncomingFile } from './file-recording.js';
import { FileSetsService } from './file-sets.service.js';
import { STILL_CONCURRENCY, StillTaker, type StillStorage } from './stills.js';
import { setReadiness } from './set-readiness.js';
import { presentFileSet } from '../projects/project.presenter.js';
import { runPhotoPipeline } from '../processing/pipeline/photo-pipeline.js';
import { runPipeline } from '../processing/pipeline/run-pipeline.js';
import { OfflineMetadataProvider } from '../../analysis/metadata/offline.js';
import { MOTION_WORDS } from '../../analysis/metadata/photo.js';
import { closePhotoExif } from '../../adapters/media-tools/photo-exif.js';
import { selectSets } from '../processing/run-selection.js';
import { makeFakeDng } from '../../../test/support/dji-card.js';

let db: ServiceDatabase;
let storage: FileStorage;
let stills: StillTaker;
let fileSets: FileSetsService;
let projects: ProjectsService;
let user: User;
let card: DjiCard;
let tmp: string;

beforeAll(async () => {
  db = await openServiceDatabase();
  tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'shotlog-card-'));
  storage = new FileStorage(path.join(db.dataDir, 'files'));
  await storage.init();
  const events = new EventBus(db.logger, () => undefined);
  const quotas = new AccountQuotas(db.config.quotas, QUOTA_COUNTS);
  projects = new ProjectsService(db.orm, quotas, events);
  stills = new StillTaker(db.orm, storage, db.logger, events, quotas);
  fileSets = new FileSetsService(db.orm, storage, projects, db.dataDir, db.logger, quotas, events, runHolds, stills);
  user = await db.signUp();
  card = await makeDjiCard(path.join(tmp, 'card'), { clips: 3, photos: 2 });
}, 60_000);

afterAll(async () => {
  await closePhotoExif();
  await storage.close();
  await db.close();
  await fsp.rm(tmp, { recursive: true, force: true });
});

/** Stores and records files as an upload does (the upload feature's naming rule, storage's write). */
async function upload(projectId: string, paths: string[]) {
  const incoming: IncomingFile[] = [];
  // The wizard sends the master and leaves a card's .LRF proxy home (web card-files.ts, proxy mode off).
  for (const p of paths.filter((f) => !f.endsWith('.LRF'))) {
    const name = classifyFilename(path.basename(p));
    if (!name.ok) throw new Error(name.reason);
    const stored = await storage.write(fs.createReadStream(p), { extension: name.extension });
    incoming.push({ filename: name.filename, baseName: name.baseName, extension: name.extension, kind: name.kind, contentType: name.contentType, stored });
  }
  return fileSets.record(projectId, incoming);
}

const newProject = (name: string) => projects.create(user, { name, cameraType: 'dji-mavic-3-pro-series' });

describe('a DJI card: clips without a JPG, photos with their own number', () => {
  it('every clip gets a still from its video (not the dark take-off frame) and every set is complete', async () => {
    const project = await newProject('Card');
    await upload(project.id, card.files);
    const verified = await fileSets.verify(user, project.id); // waits for the stills
    const sets = verified.fileSets.getItems().map(presentFileSet);
    expect(sets).toHaveLength(5);
    expect(sets.filter((s) => s.status === 'complete')).toHaveLength(5);
    const clips = sets.filter((s) => s.shape === 'clip');
    expect(clips.map((s) => s.baseName)).toEqual(card.clips);
    for (const c of clips) {
      expect(c.stillFromVideo).toBe(true);
      const jpg = c.files.find((f) => f.fileTypeInfo === 'jpg')!;
      expect(jpg).toMatchObject({ fromVideo: true, filename: `${c.baseName}.JPG` });
    }
    expect(sets.filter((s) => s.shape === 'photo').map((s) => s.baseName)).toEqual(card.photos);

    // The still is a sharp frame of the pattern, not the near-black take-off second.
    const set = verified.fileSets.getItems().find((s) => s.baseName === card.clips[0])!;
    const still = set.files.getItems().find((f) => f.kind === 'image')!;
    const stats = await sharp(storage.absolutePath(still.storageKey)).stats();
    const mean = stats.channels.slice(0, 3).reduce((n, c) => n + c.mean, 0) / 3;
    expect(mean).toBeGreaterThan(60);
    expect((await sharp(storage.absolutePath(still.storageKey)).metadata()).width).toBe(320); // full resolution

    // generate-json takes all five: three clips and two photos.
    const { manifest, leftOut } = await fileSets.generateManifest(user, project.id);
    expect(manifest.fileSetCount).toBe(5);
    expect(leftOut).toEqual([]);
  }, 60_000);

  it("takes the next clip's still while the last one is being stored: the limit holds the tools, not the storage's wait", async () => {
    const project = await newProject('Overlap');
    await upload(
      project.id,
      card.files.filter((f) => card.clips.some((c) => path.basename(f).startsWith(c))),
    );
    // Every still's store waits until a third still has opened its clip: with STILL_CONCURRENCY (2)
    // stills holding their place while they store, the third would never start.
    expect(card.clips.length).toBeGreaterThan(STILL_CONCURRENCY);
    let opened = 0;
    let third!: () => void;
    const thirdOpened = new Promise<void>((r) => (third = r));
    const waiting: StillStorage = {
      clipInput: (...args) => {
        if (++opened === STILL_CONCURRENCY + 1) third();
        return storage.clipInput(...args);
      },
      write: async (source, opts) => {
        await thirdOpened;
        return storage.write(source, opts);
      },
      remove: (key) => storage.remove(key),
    };
    const events = new EventBus(db.logger, () => undefined);
    await new StillTaker(db.orm, waiting, db.logger, events, new AccountQuotas(db.config.quotas, QUOTA_COUNTS)).settle(project.id);
    const sets = await fileSets.setsOfProject(project.id);
    expect(sets.map((s) => s.files.getItems().some((f) => f.kind === 'image' && f.fromVideo))).toEqual(card.clips.map(() => true));
  }, 60_000);

  it('at shutdown, lets the stills under way finish (stored and recorded) and starts no more', async () => {
    const clipFiles = (clips: string[]) => card.files.filter((f) => clips.some((c) => path.basename(f).startsWith(c)));
    const [first, second] = [await newProject('Stopping'), await newProject('After the stop')];
    await upload(first.id, clipFiles(card.clips.slice(0, STILL_CONCURRENCY)));
    await upload(second.id, clipFiles(card.clips.slice(0, 1)));
    let stores = 0;
    let storeMay!: () => void;
    const gate = new Promise<void>((r) => (storeMay = r));
    const waiting: StillStorage = {
      clipInput: (...args) => storage.clipInput(...args),
      write: async (source, opts) => {
        stores++;
        await gate;
        return storage.write(source, opts);
      },
      remove: (key) => storage.remove(key),
    };
    const taker = new StillTaker(db.orm, waiting, db.logger, new EventBus(db.logger, () => undefined), new AccountQuotas(db.config.quotas, QUOTA_COUNTS));
    taker.schedule(first.id);
    for (let i = 0; i < 500 && stores < STILL_CONCURRENCY; i++) await new Promise((r) => setTimeout(r, 20));
    expect(stores).toBe(STILL_CONCURRENCY);
    let closed = false;
    const closing = taker.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false); // the two stills are still being stored
    storeMay();
    await closing;
    const stillsOf = async (projectId: string) =>
      (await fileSets.setsOfProject(projectId)).map((s) => s.files.getItems().some((f) => f.kind === 'image' && f.fromVideo));
    expect(await stillsOf(first.id)).toEqual([true, true]);
    // Closed: a new clip gets no still from this taker
    taker.schedule(second.id);
    await taker.settle(second.id);
    expect(await stillsOf(second.id)).toEqual([false]);
  }, 60_000);

  it('an uploaded JPG replaces the still; a still never replaces an uploaded JPG', async () => {
    const project = await newProject('Replace');
    const [clip] = card.clips;
    await upload(
      project.id,
      card.files.filter((f) => path.basename(f).startsWith(clip!)),
    );
    await stills.settle(project.id);
    const jpg = path.join(tmp, `${clip}.JPG`);
    await fsp.copyFile(await makeTestJpg({ source: 'color=c=red' }), jpg);
    const [recorded] = await upload(project.id, [jpg]);
    expect(recorded!.replaced).toBe(`${clip}.JPG`);
    await stills.settle(project.id);
    const [set] = await fileSets.setsOfProject(project.id);
    const images = set!.files.getItems().filter((f) => f.kind === 'image');
    expect(images).toHaveLength(1);
    expect(images[0]!.fromVideo).toBe(false);
    expect(setReadiness(set!)).toMatchObject({ status: 'complete', stillFromVideo: false, processable: true });
  }, 60_000);

  it('a video that does not decode gets no still: the set says why; a new video clears it and gets its still', async () => {
    const project = await newProject('Broken');
    const dir = path.join(tmp, 'broken');
    await fsp.mkdir(dir, { recursive: true });
    const mp4 = path.join(dir, 'DJI_0200.MP4');
    // An MP4 box header then no media: passes the upload's sniff, decodes to nothing.
    await fsp.writeFile(mp4, Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(64 * 1024, 7)]));
    await upload(project.id, [mp4]);
    const verified = await fileSets.verify(user, project.id);
    const [set] = verified.fileSets.getItems().map(presentFileSet);
    expect(set).toMatchObject({ status: 'incomplete', stillFromVideo: false, stillProblem: expect.stringMatching(/does not decode/) });
    expect(set!.incompleteReason).toMatch(
      /^no still could be taken from the video \(the video does not decode: replace it\); missing the \.SRT telemetry file$/,
    );

    await upload(
      project.id,
      [path.join(card.dir, `${card.clips[0]}.MP4`)].map((p) => {
        const to = path.join(dir, 'DJI_0200.MP4');
        fs.copyFileSync(p, to);
        return to;
      }),
    );
    const again = (await fileSets.verify(user, project.id)).fileSets.getItems().map(presentFileSet);
    expect(again[0]).toMatchObject({ stillProblem: null, stillFromVideo: true, missing: ['srt'] });
  }, 60_000);

  it("a still's bytes count in the account's storage; an account without room for it gets no still, and the set says why", async () => {
    const owner = await db.signUp();
    const clipFiles = card.files.filter((f) => path.basename(f).startsWith(card.clips[0]!) && !f.endsWith('.LRF'));
    const stored = () => storedBytesOf(db.orm.em.fork(), owner.id);
    const limited = (maxStorageBytes: number) =>
      new StillTaker(db.orm, storage, db.logger, new EventBus(db.logger, () => undefined), new AccountQuotas({ ...NO_QUOTAS, maxStorageBytes }, QUOTA_COUNTS));

    // Room enough: the still is recorded and what the account stores grows by its bytes.
    const roomy = await projects.create(owner, { name: 'Room', cameraType: 'dji-mavic-3-pro-series' });
    await upload(roomy.id, clipFiles);
    const before = await stored();
    await limited(before + 50 * 1024 * 1024).settle(roomy.id);
    const [withStill] = await fileSets.setsOfProject(roomy.id);
    const still = withStill!.files.getItems().find((f) => f.kind === 'image');
    expect(still).toMatchObject({ fromVideo: true });
    expect(Number(still!.sizeBytes)).toBeGreaterThan(0);
    expect(await stored()).toBe(before + Number(still!.sizeBytes));

    // The uploads fit, the still would not: no still, the set says why, nothing more is stored.
    const tight = await projects.create(owner, { name: 'Full', cameraType: 'dji-mavic-3-pro-series' });
    await upload(tight.id, clipFiles);
    const full = await stored();
    await limited(full + 1).settle(tight.id);
    const [without] = (await fileSets.setsOfProject(tight.id)).map(presentFileSet);
    expect(without).toMatchObject({ status: 'incomplete', stillFromVideo: false, stillProblem: expect.stringMatching(/storage is full/) });
    expect(without!.files.map((f) => f.fileTypeInfo)).not.toContain('jpg');
    expect(await stored()).toBe(full);
  }, 60_000);

  it('a clip without telemetry is incomplete until the user chooses to process it without; the run then takes it', async () => {
    const project = await newProject('No SRT');
    const clip = card.clips[1]!;
    await upload(
      project.id,
      card.files.filter((f) => path.basename(f).startsWith(clip) && !f.endsWith('.SRT')),
    );
    let [set] = (await fileSets.verify(user, project.id)).fileSets.getItems();
    expect(setReadiness(set!)).toMatchObject({ status: 'incomplete', processable: false, missing: ['srt'] });
    await expect(fileSets.generateManifest(user, project.id)).rejects.toMatchObject({ code: 'CONFLICT' });

    await fileSets.choose(user, project.id, { fileSetIds: [set!.id], withoutTelemetry: true });
    const loaded = await projects.getOwned(user, project.id, { includeFiles: true });
    [set] = loaded.fileSets.getItems();
    expect(presentFileSet(set!)).toMatchObject({ status: 'incomplete', processable: true, withoutTelemetry: true });
    expect(selectSets(loaded, 'unprocessed', new Map(), new Set()).sets.map((s) => s.id)).toEqual([set!.id]);
    const { manifest } = await fileSets.generateManifest(user, project.id);
    expect(manifest.fileSetCount).toBe(1);

    // Processed from the pictures alone: no place, no telemetry shot types, and the result says what was missing.
    const files = set!.files.getItems();
    const out = await runPipeline(
      {
        videoPath: storage.absolutePath(files.find((f) => f.kind === 'video')!.storageKey),
        jpgPath: storage.absolutePath(files.find((f) => f.kind === 'image')!.storageKey),
        srtPath: null,
        baseName: set!.baseName,
        ordinal: 1,
        cameraType: 'other',
      },
      new OfflineMetadataProvider(),
      async () => undefined,
    );
    expect(out.facts.position).toBeNull();
    expect(out.generated.result.metadata).toMatchObject({ latitude: null, city: 'Unknown' });
    expect(out.facts.shotTypes).toMatchObject({ aerial: true, orbit: false, tracking: false, flyover: false, rising: false });
    expect(out.analysis).toMatchObject({ missing: ['srt'], missingNote: expect.stringMatching(/without telemetry/) });
  }, 60_000);

  it('bad choices: unknown sets are 404, a choice needs something to change', async () => {
    const project = await newProject('Choices');
    await expect(fileSets.choose(user, project.id, { fileSetIds: ['00000000-0000-4000-8000-000000000000'], withoutTelemetry: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(fileSets.choose(user, project.id, { fileSetIds: [] })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('photos as stock', () => {
  it('a DJI photo gets its place, look-at, height and wording written for a photo; its DNG travels with it', async () => {
    const project = await newProject('Photos');
    const photo = path.join(card.dir, `${card.photos[0]}.JPG`);
    const dng = await makeFakeDng(path.join(tmp, `${card.photos[0]}.DNG`));
    await upload(project.id, [photo, dng]);
    const [set] = (await fileSets.verify(user, project.id)).fileSets.getItems();
    expect(presentFileSet(set!)).toMatchObject({ shape: 'photo', status: 'complete', processable: true, missing: [] });
    expect(
      set!.files
        .getItems()
        .map((f) => f.kind)
        .sort(),
    ).toEqual(['image', 'raw']);

    const out = await runPhotoPipeline(
      {
        jpgPath: storage.absolutePath(set!.files.getItems().find((f) => f.kind === 'image')!.storageKey),
        baseName: set!.baseName,
        ordinal: 1,
        cameraType: 'other',
      },
      async () => undefined,
    );
    expect(out.facts.position).toEqual({ latitude: expect.closeTo(41.3809, 3), longitude: expect.closeTo(2.1896, 3) });
    expect(out.generated.result.metadata.city).toBe('Barcelona');
    expect(out.facts.summary.relAltMax).toBeCloseTo(80.2, 1);
    expect(out.facts.summary.lookAt).not.toBeNull();
    expect(out.facts.shotTypes).toMatchObject({ hover: false, orbit: false, tracking: false, pan: false });
    const c = out.generated.result.content;
    expect(c.title).toMatch(/photo/i);
    for (const text of [c.title, c.final_description, ...c.keywords]) expect(text).not.toMatch(MOTION_WORDS);
    expect(c.final_description).toMatch(/about 80 m above the ground, looking east and 45 degrees down/);
    expect(c.keywords).toEqual(expect.arrayContaining(['aerial photo', 'Barcelona']));
  }, 60_000);

  it('a JPG with no EXIF is still a photo set: no place', async () => {
    const bare = path.join(tmp, 'IMG_0001.JPG');
    await fsp.copyFile(await makeTestJpg({ source: 'color=c=#3a7bd5' }), bare);
    const out = await runPhotoPipeline({ jpgPath: bare, baseName: 'IMG_0001', ordinal: 1, cameraType: 'other' }, async () => undefined);
    expect(out.facts.position).toBeNull();
    expect(out.generated.result.metadata).toMatchObject({ city: 'Unknown', country: 'Unknown' });
    expect(out.generated.result.content.title).not.toMatch(MOTION_WORDS);
  }, 30_000);

  it('a photo left out by the user is not taken by generate-json or a run', async () => {
    const project = await newProject('Left out');
    const photo = await makeDjiPhoto(path.join(tmp, 'DJI_0301.JPG'));
    await upload(project.id, [photo, ...card.files.filter((f) => path.basename(f).startsWith(card.clips[2]!))]);
    const sets = (await fileSets.verify(user, project.id)).fileSets.getItems();
    const photoSet = sets.find((s) => s.baseName === 'DJI_0301')!;
    await fileSets.choose(user, project.id, { fileSetIds: [photoSet.id], leftOut: true });
    const { manifest, leftOut } = await fileSets.generateManifest(user, project.id);
    expect(manifest.fileSets.map((s) => s.baseName)).toEqual([card.clips[2]]);
    expect(leftOut).toEqual([{ fileSetId: photoSet.id, baseName: 'DJI_0301', reason: 'left out by you' }]);
  }, 60_000);
});
