/**
 * Editing the place of a result (issue 32 item 3) on the real database: the preview changes nothing,
 * the edit saves the place and (when asked) the rewritten text, and a reprocess keeps a place the
 * user corrected unless asked to replace it.
 */
import { applyRulesToGenerated } from '../review/keyword-rules-store.js';
import { openServiceDatabase, type ServiceDatabase } from '../../../test/support/service-tier.js';
import { offlineMetadata } from '../../analysis/metadata/offline.js';
import type { ProcessedResult } from '../../analysis/metadata/processed-result.js';
import { readingFacts } from '../processing/reading/place-reading.js';
import { FileSet } from '../file-sets/file-set.entity.js';
import { Project } from '../projects/project.entity.js';
import type { User } from '../users/user.entity.js';
import { placeDiffers, rewriteForPlace } from './place-edit.js';
import { ResultsService } from './results.service.js';

let db: ServiceDatabase;
let results: ResultsService;
let owner: User;
let generated: ProcessedResult;

beforeAll(async () => {
  db = await openServiceDatabase();
  results = new ResultsService(db.orm, db.pool, applyRulesToGenerated);
  owner = await db.signUp();
  // A real offline result: a generated flight over the beach at Camps Bay, Cape Town.
  const facts = await readingFacts({
    name: 'Camps Bay',
    kind: 'beach',
    lat: -33.951,
    lon: 18.3775,
    groundM: 5,
    pictures: 'beach',
    water: 'coast',
    must: [],
    mustNot: [],
  });
  generated = offlineMetadata(facts).result;
});
afterAll(() => db.close());

async function setWithResult(): Promise<{ projectId: string; fileSetId: string }> {
  const em = db.orm.em.fork();
  const project = em.create(Project, {
    owner,
    name: 'Places',
    cameraType: 'dji-mavic-3-pro-series',
    status: 'created',
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const set = em.create(FileSet, { project, baseName: 'DJI_0001', position: 0, createdAt: new Date() });
  await em.flush();
  const save = {
    fileSetId: set.id,
    projectId: project.id,
    result: generated,
    titleCandidates: [generated.content.title],
    fallbackSuffix: 'DJI_0001',
    provider: 'offline',
    analysis: {},
  };
  await results.saveGenerated(save);
  return { projectId: project.id, fileSetId: set.id };
}

describe('place edits', () => {
  it('the generated result names the beach, Cape Town and its place line', () => {
    expect(generated.metadata).toMatchObject({
      city: 'Cape Town',
      country: 'South Africa',
      place_line: 'Cape Town, Western Cape, South Africa',
      features: ['Atlantic Ocean'],
    });
    expect(generated.content.title).toContain('Cape Town');
    expect(generated.content.keywords).toContain('Cape Town');
  });

  it('previews the rewrite without saving, then saves the place and the rewritten text', async () => {
    const { fileSetId } = await setWithResult();
    const place = { city: 'Llandudno', placeLine: 'Llandudno, Western Cape, South Africa', region: 'Western Cape' };
    const preview = await results.previewPlaceEdit(owner, fileSetId, place);
    expect(preview.from.city).toBe('Cape Town');
    expect(preview.to).toMatchObject({ city: 'Llandudno', region: 'Western Cape', country: 'South Africa' });
    expect(preview.rewrite.changed).toEqual(expect.arrayContaining(['title', 'finalDescription', 'keywords']));
    expect(preview.rewrite.title).toContain('Llandudno');
    expect(preview.rewrite.title).not.toContain('Cape Town');
    expect(preview.rewrite.keywords).toContain('Llandudno');
    expect(preview.rewrite.keywords).not.toContain('Cape Town');
    // Nothing saved yet.
    expect((await results.get(owner, fileSetId)).current.metadata.city).toBe('Cape Town');

    const saved = await results.editPlace(owner, fileSetId, place, true);
    expect(saved.current.metadata).toMatchObject({ city: 'Llandudno', region: 'Western Cape', place_line: 'Llandudno, Western Cape, South Africa' });
    expect(saved.current.content.title).toBe(preview.rewrite.title);
    expect(saved.current.content.final_description).toBe(preview.rewrite.finalDescription);
    expect(saved.edited).toBe(true);
    // The original keeps what processing wrote.
    expect(saved.original.metadata.city).toBe('Cape Town');
  });

  it('saves the place alone when the rewrite is not asked for', async () => {
    const { fileSetId } = await setWithResult();
    const saved = await results.editPlace(owner, fileSetId, { city: 'Bakoven' }, false);
    expect(saved.current.metadata.city).toBe('Bakoven');
    expect(saved.current.content.title).toBe(generated.content.title);
  });

  it('refuses a place field over its limit, naming the field, and leaves the result unchanged', async () => {
    const { fileSetId } = await setWithResult();
    // Saved alone: with the rewrite, the keyword "Western Cape" would become the long name and be refused first.
    await expect(results.editPlace(owner, fileSetId, { region: 'x'.repeat(201) }, false)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      details: expect.objectContaining({ field: 'region' }),
    });
    await expect(results.editPlace(owner, fileSetId, { features: Array.from({ length: 11 }, (_, i) => `F${i}`) }, false)).rejects.toMatchObject({
      details: expect.objectContaining({ field: 'features' }),
    });
    expect((await results.get(owner, fileSetId)).current.metadata.city).toBe('Cape Town');
  });

  it("another user's set is not found", async () => {
    const { fileSetId } = await setWithResult();
    const other = await db.signUp();
    await expect(results.previewPlaceEdit(other, fileSetId, { city: 'X' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(results.editPlace(other, fileSetId, { city: 'X' }, true)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a reprocess keeps the place the user corrected, with the new text rewritten to it, unless asked to replace it', async () => {
    const { projectId, fileSetId } = await setWithResult();
    await results.editPlace(owner, fileSetId, { city: 'Clifton', placeLine: 'Clifton, Cape Town, South Africa' }, true);
    const again = {
      fileSetId,
      projectId,
      result: generated,
      titleCandidates: [generated.content.title],
      fallbackSuffix: 'DJI_0001',
      provider: 'offline',
      analysis: {},
    };
    await results.saveGenerated(again);
    const kept = await results.get(owner, fileSetId);
    expect(kept.current.metadata).toMatchObject({ city: 'Clifton', place_line: 'Clifton, Cape Town, South Africa' });
    expect(kept.current.content.title).toContain('Clifton');
    expect(kept.original.metadata.city).toBe('Cape Town');
    expect(kept.edited).toBe(true);

    await results.saveGenerated({ ...again, replacePlace: true });
    const replaced = await results.get(owner, fileSetId);
    expect(replaced.current.metadata.city).toBe('Cape Town');
    expect(replaced.edited).toBe(false);
  });
});

describe('rewriteForPlace', () => {
  it('replaces the country in its sentence form and keeps text that never named the place', () => {
    const from = { city: 'Kayenta', region: 'Arizona', country: 'United States', placeLine: 'Kayenta, Arizona, United States', features: [] };
    const to = { city: 'Mexican Hat', region: 'Utah', country: 'United States', placeLine: 'Mexican Hat, Utah, United States', features: [] };
    const r: ProcessedResult = {
      ...generated,
      content: {
        ...generated.content,
        title: 'Desert near Kayenta in Arizona in a drone flyover',
        final_description: 'The landscape is seen from the air near Kayenta, Arizona, in the United States.',
        keywords: ['Kayenta', 'Arizona', 'United States', 'USA', 'desert'],
      },
    };
    const out = rewriteForPlace(r, from, to);
    expect(out.title).toBe('Desert near Mexican Hat in Utah in a drone flyover');
    expect(out.finalDescription).toBe('The landscape is seen from the air near Mexican Hat, Utah, in the United States.');
    expect(out.keywords).toEqual(['Mexican Hat', 'Utah', 'United States', 'USA', 'desert']);
    expect(placeDiffers(from, to)).toBe(true);
    expect(rewriteForPlace(r, from, from).changed).toEqual([]);
  });
});
