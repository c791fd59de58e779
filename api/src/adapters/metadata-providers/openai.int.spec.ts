/**
 * The OpenAI provider against a local HTTP server that speaks the chat-completions API (the only
 * test double in the project): structured output, retries on 429 and 5xx, invalid answers, refusals,
 * token usage, and what the prompt carries (place names and pictures, not raw coordinates); a
 * photo set through the same path with its own instructions.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fixtureSrtPath, makeTestJpg, makeTestVideo } from '../../../test/support/media-fixtures.js';
import { runPipeline } from '../../features/processing/pipeline/run-pipeline.js';
import { runPhotoPipeline } from '../../features/processing/pipeline/photo-pipeline.js';
import { makeDjiPhoto } from '../../../test/support/dji-card.js';
import { closePhotoExif } from '../media-tools/photo-exif.js';
import { OfflineMetadataProvider } from '../../analysis/metadata/offline.js';
import { OpenAiMetadataProvider } from './openai.js';
import { PermanentProcessingError } from '../../analysis/metadata/errors.js';
import { SHOT_TYPE_IDS } from '../../analysis/shot-types/index.js';
import type { ClipFacts, ClipImages } from '../../analysis/metadata/types.js';

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
let script: Reply[] = [];
const requests: any[] = [];
let server: http.Server;
let baseUrl: string;

const answer = (content: string, usage = { prompt_tokens: 900, completion_tokens: 150, total_tokens: 1050 }): Reply => ({
  status: 200,
  body: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-test',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
    usage,
  },
});
const VALID = JSON.stringify({
  title: 'Olive groves near Corato in Italy on a winter morning from the air',
  description: 'A drone glides over olive groves and farmland near Corato in Apulia, Italy. Soft morning light falls on the trees.',
  keywords: ['olive grove', 'Corato', 'Apulia', 'Italy', 'aerial', 'farmland', 'Olive Grove'],
  adobe_category: 'Landscape',
  shutterstock_a_category: 'Nature',
  shutterstock_b_category: 'Nature',
  shot_types: Object.fromEntries(SHOT_TYPE_IDS.map((id) => [id, id === 'night'])),
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(body || '{}') });
      const reply = script.shift() ?? { status: 500, body: { error: { message: 'script exhausted' } } };
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(reply.body ?? { error: { message: `status ${reply.status}`, type: 'server_error' } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  script = [];
  requests.length = 0;
});

let facts: ClipFacts;
let images: ClipImages;
beforeAll(async () => {
  // Real facts from the real pipeline on a real clip (offline wording), then reused for each case.
  const input = {
    videoPath: await makeTestVideo({ seconds: 2 }),
    jpgPath: await makeTestJpg(),
    srtPath: fixtureSrtPath('Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT'),
    baseName: 'DJI_0023',
    ordinal: 1,
    cameraType: 'dji-mavic-3-pro-series',
  };
  const out = await runPipeline(input, new OfflineMetadataProvider(), async () => undefined);
  facts = out.facts;
  images = { jpg: input.jpgPath, frames: [] };
  const { extractFrames } = await import('../media-tools/index.js');
  images.frames = (await extractFrames(input.videoPath, 2)).frames;
});

const provider = (maxRetries = 2) => new OpenAiMetadataProvider({ apiKey: 'sk-test', baseUrl, model: 'gpt-test', timeoutMs: 5000, maxRetries });

describe('OpenAI provider', () => {
  it('retries a 429, then uses the validated structured answer, keeping our location and measured shot types', async () => {
    script = [{ status: 429, headers: { 'retry-after-ms': '10' }, body: { error: { message: 'rate limited', type: 'rate_limit' } } }, answer(VALID)];
    const out = await provider().generate(facts, images);
    expect(requests).toHaveLength(2);
    expect(out.provider).toBe('openai');
    expect(out.model).toBe('gpt-test');
    expect(out.usage).toEqual({ promptTokens: 900, completionTokens: 150, totalTokens: 1050 });
    expect(out.result.content.title).toBe('Olive groves near Corato in Italy on a winter morning from the air');
    expect(out.result.content.keywords).toEqual(['olive grove', 'Corato', 'Apulia', 'Italy', 'aerial', 'farmland']);
    // Location is ours, never the model's; the duplicate Shutterstock category is replaced.
    expect(out.result.metadata).toEqual({
      latitude: 41.151572,
      longitude: 16.412772,
      city: 'Corato',
      country: 'Italy',
      // The admin-1 region by boundary (Natural Earth, issue 32), not the model's.
      region: 'Apulia',
      place_line: 'Corato, Apulia, Italy',
      features: [],
    });
    expect(out.result.content.categories.shutterstock_a_category).toBe('Nature');
    expect(out.result.content.categories.shutterstock_b_category).not.toBe('Nature');
    // The telemetry knows the light: the model's "night" is not taken.
    expect(out.result.shot_types.night).toBe(false);
    expect(out.result.shot_types.aerial).toBe(true);

    const req = requests[1];
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.auth).toBe('Bearer sk-test');
    expect(req.body.model).toBe('gpt-test');
    expect(req.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true, schema: { additionalProperties: false } } });
    const parts = req.body.messages[1].content;
    const text = parts.find((p: { type: string }) => p.type === 'text').text as string;
    expect(text).toContain('Corato');
    expect(text).toContain('Italy');
    expect(text).not.toContain('41.15'); // names, not raw coordinates
    // The offline rules' signals go with the facts, and the instructions name the categories' subjects.
    expect(text).toMatch(/\nLand cover: .+\.\nContent signals for the categories: .+\./);
    expect(req.body.messages[0].content).toContain('a city, a coast, mountains, water, a road, a landmark');
    const pictures = parts.filter((p: { type: string }) => p.type === 'image_url');
    expect(pictures.length).toBe(1 + images.frames.length);
    expect(pictures[0].image_url.url).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('gives up after its retries on repeated 500s (the queue then retries the job)', async () => {
    script = [{ status: 500 }, { status: 502 }, { status: 500 }, { status: 500 }];
    await expect(provider(2).generate(facts, images)).rejects.toThrow();
    expect(requests).toHaveLength(3);
  });

  it('asks again after an invalid answer and uses the second one', async () => {
    script = [answer('{"title": "too short"'), answer(VALID)];
    const out = await provider().generate(facts, images);
    expect(requests).toHaveLength(2);
    expect(out.provider).toBe('openai');
    expect(out.usage!.totalTokens).toBe(2100);
  });

  it('falls back to the offline result after two invalid answers, recording why and the tokens spent', async () => {
    script = [answer('not json at all'), answer(JSON.stringify({ title: 'x' }))];
    const out = await provider().generate(facts, images);
    expect(out.provider).toBe('offline');
    expect(out.notes?.[0]).toMatch(/invalid twice/);
    expect(out.result.content.title).toBe(facts && (await new OfflineMetadataProvider().generate(facts)).result.content.title);
    expect(out.usage!.totalTokens).toBe(2100);
  });

  it("checks the answer against the offline provider's rules (issue 21): commas, camera marketing, internal notes are asked again", async () => {
    const breaking = JSON.stringify({
      ...JSON.parse(VALID),
      title: 'Aerial Drone Footage of Corato, Italy, in the Afternoon, from -2 m',
      description: 'Olive groves near Corato. Shot on a professional drone. The location was not recorded.',
    });
    script = [answer(breaking), answer(breaking)];
    const out = await provider().generate(facts, images);
    expect(requests).toHaveLength(2);
    expect(out.provider).toBe('offline');
    expect(out.notes?.[0]).toMatch(/the title has a comma/);
    expect(out.notes?.[0]).toMatch(/the description has "Shot on"/);
    expect(out.notes?.[0]).toMatch(/location was not recorded/);
    // The instructions carry the same rules.
    const system = requests[0]!.body.messages[0].content as string;
    expect(system).toMatch(/NO commas/);
    expect(system).toMatch(/never "The location was not recorded"/);
    expect(system).toMatch(/Weather words \(sunny, cloudy\) only when the pictures show it/);
  });

  it('drops filler keywords from an otherwise sound answer', async () => {
    script = [answer(JSON.stringify({ ...JSON.parse(VALID), keywords: ['olive grove', 'beautiful', 'Corato', 'cinematic', 'Italy', 'nobody', 'aerial'] }))];
    const out = await provider().generate(facts, images);
    expect(out.provider).toBe('openai');
    expect(out.result.content.keywords).toEqual(['olive grove', 'Corato', 'Italy', 'aerial']);
  });

  it('fails the set at once when the service refuses the request (401)', async () => {
    script = [{ status: 401, body: { error: { message: 'bad key', type: 'invalid_request_error' } } }];
    await expect(provider().generate(facts, images)).rejects.toBeInstanceOf(PermanentProcessingError);
    expect(requests).toHaveLength(1);
  });
});

describe('OpenAI provider on a photo set (issue 30: photos worded like clips)', () => {
  const PHOTO_VALID = JSON.stringify({
    ...JSON.parse(VALID),
    title: 'Aerial photo of the seafront near Barcelona in Spain on a sunny day',
    description: 'An aerial photo of the seafront and the city blocks near Barcelona in Spain. The camera looks down on the beach and the streets.',
    keywords: ['Barcelona', 'seafront', 'flyover', 'beach', 'Spain', 'aerial photo'],
    shot_types: Object.fromEntries(SHOT_TYPE_IDS.map((id) => [id, id === 'orbit' || id === 'aerial'])),
  });
  let jpg: string;
  beforeAll(async () => {
    jpg = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'openai-photo-')), 'DJI_0101.JPG');
    await makeDjiPhoto(jpg);
  });
  afterAll(() => closePhotoExif());
  const photo = (p?: OpenAiMetadataProvider) =>
    runPhotoPipeline({ jpgPath: jpg, baseName: 'DJI_0101', ordinal: 1, cameraType: 'dji-mavic-3-pro-series' }, async () => undefined, p);

  it('asks with the photo instructions, its EXIF facts and its one picture, and keeps no movement in the answer', async () => {
    script = [answer(PHOTO_VALID)];
    const out = await photo(provider());
    expect(requests).toHaveLength(1);
    expect(out.generated).toMatchObject({ provider: 'openai', model: 'gpt-test' });
    expect(out.analysis).toMatchObject({ medium: 'photo', provider: 'openai', usage: { totalTokens: 1050 } });
    const content = out.generated.result.content;
    expect(content.title).toBe('Aerial photo of the seafront near Barcelona in Spain on a sunny day');
    expect(content.keywords).not.toContain('flyover');
    expect(out.generated.result.shot_types).toMatchObject({ orbit: false, aerial: true });
    expect(out.generated.result.metadata).toMatchObject({ city: 'Barcelona', country: 'Spain' }); // the place is ours

    const system = requests[0]!.body.messages[0].content as string;
    expect(system).toMatch(/stock PHOTOS/);
    expect(system).toMatch(/NEVER write footage, video/);
    const parts = requests[0]!.body.messages[1].content;
    const text = parts.find((p: { type: string }) => p.type === 'text').text as string;
    expect(text).toMatch(/^Medium: a single aerial photo/);
    expect(text).toContain('Barcelona');
    expect(text).toMatch(/Height above take-off: \d+ m\./);
    expect(text).not.toMatch(/Duration|Distance flown|Video:/);
    expect(parts.filter((p: { type: string }) => p.type === 'image_url')).toHaveLength(1);
  });

  it('asks again when the answer speaks of footage, then falls back to the offline photo wording', async () => {
    const moving = JSON.stringify({
      ...JSON.parse(PHOTO_VALID),
      description: 'Drone footage of the seafront near Barcelona in Spain. The camera flies over the beach.',
    });
    script = [answer(moving), answer(moving)];
    const out = await photo(provider());
    expect(requests).toHaveLength(2);
    expect(out.generated.provider).toBe('offline');
    expect(out.generated.notes?.[0]).toMatch(/the description of a photo has "footage"/);
    const offline = await photo();
    expect(out.generated.result.content).toEqual(offline.generated.result.content);
    expect(offline.generated.provider).toBe('offline');
  });
});
