/**
 * The OpenAI metadata provider (any OpenAI-compatible chat-completions server via OPENAI_BASE_URL).
 *
 * - Input: the JPG and up to 3 frames as 512 px JPEG data URLs, plus the facts in words: place NAMES
 *   (models read raw coordinates badly), the telemetry summary, the shot types and light derived from
 *   it, the camera type and the offline provider's draft as a starting point.
 * - Output: `response_format: json_schema` (strict), then validated again with zod before use.
 * - Retries: the SDK's own (`maxRetries`, exponential backoff, honours Retry-After) on 429, 5xx,
 *   timeouts and connection errors. When they are exhausted the error goes up and the job is retried
 *   by the queue; a 400/401/403/404 will not get better and fails the set at once.
 * - Invalid answer (not JSON, or not the schema): asked once more; if still invalid, the set gets
 *   the offline provider's result (recorded as provider "offline" with a note), because the user
 *   paid for metadata and the offline result is a sound one. Location is never taken from the model.
 * - Token usage of every call is summed and kept with the result.
 * - A photo set (generatePhoto) goes the same way with the photo's instructions and facts
 *   (openai-photo.ts), held to the photo rules too; its fallback is the offline photo wording.
 */
import type OpenAI from 'openai';
import { z } from 'zod';
import { ADOBE_CATEGORIES, SHUTTERSTOCK_CATEGORIES } from '../../analysis/metadata/categories.js';
import { normalizeKeywords } from '../../analysis/metadata/processed-result.js';
import { toJpegDataUrl } from '../media-tools/index.js';
import { SHOT_TYPE_IDS, SHOT_TYPES, type ShotType } from '../../analysis/shot-types/index.js';
import { PermanentProcessingError } from '../../analysis/metadata/errors.js';
import { BANNED_DESCRIPTION_PHRASES, FILLER_KEYWORDS, offlineMetadata } from '../../analysis/metadata/offline.js';
import { TITLE_RULES, titleProblems } from '../../analysis/metadata/titles.js';
import { textProblems } from '../../analysis/metadata/wording.js';
import { compassName, resolutionLabel } from '../../analysis/metadata/scene.js';
import type { ClipFacts, ClipImages, GeneratedMetadata, MetadataProvider, TokenUsage } from '../../analysis/metadata/types.js';
import { MOTION_WORDS, photoMetadata, stillShotTypes } from '../../analysis/metadata/photo.js';
import { PHOTO_SYSTEM_PROMPT, photoFactsText, photoWordingProblems } from './openai-photo.js';

const MOVEMENT_IDS: readonly ShotType[] = ['hover', 'flyover', 'rising', 'descending', 'orbit', 'tracking', 'pan', 'high_altitude', 'low_altitude', 'top_down'];
const LIGHT_IDS: readonly ShotType[] = ['golden_hour', 'blue_hour', 'night', 'daylight', 'sunrise', 'sunset'];

/** The JSON schema the model must answer with (strict mode: every property required, no extras). */
export const METADATA_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description', 'keywords', 'adobe_category', 'shutterstock_a_category', 'shutterstock_b_category', 'shot_types'],
  properties: {
    title: {
      type: 'string',
      description: `Stock-footage title leading with the subject and place, ${TITLE_RULES.minChars}-${TITLE_RULES.maxChars} characters, at least ${TITLE_RULES.minWords} words, no commas, no brand names.`,
    },
    description: { type: 'string', description: 'Two to four complete sentences for a stock buyer: what is in the shot and where.' },
    keywords: { type: 'array', items: { type: 'string' }, description: 'Up to 30 keywords, most important first.' },
    adobe_category: { type: 'string', enum: [...ADOBE_CATEGORIES] },
    shutterstock_a_category: { type: 'string', enum: [...SHUTTERSTOCK_CATEGORIES] },
    shutterstock_b_category: { type: 'string', enum: [...SHUTTERSTOCK_CATEGORIES] },
    shot_types: {
      type: 'object',
      additionalProperties: false,
      required: [...SHOT_TYPE_IDS],
      properties: Object.fromEntries(SHOT_TYPE_IDS.map((id) => [id, { type: 'boolean' }])),
    },
  },
} as const;

/** The answer as we accept it. */
export const modelAnswerSchema = z.object({
  title: z.string().trim().min(10).max(200),
  description: z.string().trim().min(20).max(2000),
  keywords: z.array(z.string().trim().min(1).max(60)).min(5).max(60),
  adobe_category: z.enum(ADOBE_CATEGORIES),
  shutterstock_a_category: z.enum(SHUTTERSTOCK_CATEGORIES),
  shutterstock_b_category: z.enum(SHUTTERSTOCK_CATEGORIES),
  shot_types: z.record(z.string(), z.boolean()),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

const SYSTEM_PROMPT = [
  'You write metadata for aerial drone stock footage (Adobe Stock, Shutterstock, Pond5).',
  'Look at the still image and video frames, and use the flight facts given: they are measured and true.',
  `Title: lead with the subject and the place a buyer searches for, then the light and the camera move, e.g. "Olive groves near Corato in Italy at golden hour in a drone flyover". ${TITLE_RULES.minChars} to ${TITLE_RULES.maxChars} characters, at least ${TITLE_RULES.minWords} words, NO commas (Adobe Stock refuses them). Do not start with "Aerial Drone Footage of". Name the place given; never invent one.`,
  'Description: 2-4 complete sentences, each with a subject and a verb, on what is in the shot and where, the camera movement and the light. Vary the wording. No camera or drone marketing ("Shot on ..."), no brand names, no notes about missing data (never "The location was not recorded"), no telemetry trivia (speeds, coordinates).',
  'Keywords: up to 30, chosen for this clip, most important first, single words or short phrases, no duplicates, no brand, camera, drone-model or software names, no generic filler (beautiful, cinematic, scenic, nobody, destination, tourism, outdoors, environment). Weather words (sunny, cloudy) only when the pictures show it. Urban or rural, sea or land: follow the place facts given.',
  'Location: the place given is what the camera shows (the subject), which may differ from where the drone flew.',
  'Categories: choose from the allowed lists only, for what this clip shows (a city, a coast, mountains, water, a road, a landmark); the content signals given are measured from the pictures and the flight; the two Shutterstock categories must differ.',
  'Shot types: true only for what the footage shows; keep the measured movement and light unless the pictures clearly contradict them.',
].join('\n');

function factsText(f: ClipFacts, draft: GeneratedMetadata): string {
  const s = f.summary;
  const lines: string[] = [];
  const p = f.place;
  if (!f.position) lines.push('Place: unknown (no GPS fix in the telemetry).');
  else if (p && !p.country) lines.push('Place: at sea, outside any country.');
  else lines.push(`Place: ${[p?.city ? `near ${p.city}` : null, p?.region, p?.country].filter(Boolean).join(', ')}.`);
  if (s.localStart) lines.push(`Local start time: ${s.localStart.replace('T', ' ').slice(0, 16)}${s.timeZone ? ` (${s.timeZone})` : ''}.`);
  if (f.light)
    lines.push(
      `Light (sun position): ${f.light.replace('_', ' ')}${f.sunAltitude !== null ? `, sun ${Math.round(f.sunAltitude)} deg above the horizon` : ''}.`,
    );
  const duration = f.probe?.duration ?? s.duration;
  if (duration) lines.push(`Duration: ${Math.round(duration)} s.`);
  if (s.altitudeMin !== null && s.altitudeMax !== null)
    lines.push(`Height ${s.altitudeReference === 'relative' ? 'above take-off' : '(absolute)'}: ${Math.round(s.altitudeMin)}-${Math.round(s.altitudeMax)} m.`);
  if (s.distance > 0)
    lines.push(`Distance flown: ${Math.round(s.distance)} m${s.avgGroundSpeed !== null ? `, average speed ${s.avgGroundSpeed.toFixed(1)} m/s` : ''}.`);
  const heading = s.netHeading ?? s.initialHeading;
  if (heading !== null) lines.push(`Heading: ${compassName(heading)}.`);
  const measured = SHOT_TYPES.filter((t) => f.shotTypes[t.id]).map((t) => t.label);
  lines.push(`Measured shot types: ${measured.length ? measured.join(', ') : 'none'}.`);
  const res = resolutionLabel(f.probe?.width ?? null, f.probe?.height ?? null);
  if (f.probe)
    lines.push(
      `Video: ${[res, f.probe.width && f.probe.height ? `${f.probe.width}x${f.probe.height}` : null, f.probe.fps ? `${Math.round(f.probe.fps)} fps` : null].filter(Boolean).join(', ')}.`,
    );
  if (f.scene) lines.push(`Dominant colours: ${f.scene.dominantColors.join(', ') || 'mixed'}.`);
  // The offline rules' signals (urban or rural, sea, a road in the pictures, an orbit over a landmark): the same rules for both providers.
  if (draft.reasons) lines.push(`Land cover: ${draft.reasons.landCover}.`, `Content signals for the categories: ${draft.reasons.categories}.`);
  lines.push(`Draft title from the measurements (improve it): ${draft.titleCandidates[0]!}`);
  return lines.join('\n');
}

export interface OpenAiProviderOptions {
  apiKey: string;
  baseUrl?: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

export class OpenAiMetadataProvider implements MetadataProvider {
  readonly name = 'openai' as const;
  private clientLoaded: Promise<{ client: OpenAI; APIError: typeof OpenAI.APIError }> | undefined;

  constructor(private readonly opts: OpenAiProviderOptions) {}

  /** The SDK (~17 MB) loads with the first clip this process asks about, not with every API process. */
  private loadClient() {
    const o = this.opts;
    this.clientLoaded ??= import('openai').then(({ default: OpenAI }) => ({
      client: new OpenAI({ apiKey: o.apiKey, baseURL: o.baseUrl, timeout: o.timeoutMs, maxRetries: o.maxRetries }),
      APIError: OpenAI.APIError,
    }));
    return this.clientLoaded;
  }

  async generate(facts: ClipFacts, images: ClipImages, signal?: AbortSignal): Promise<GeneratedMetadata> {
    const draft = offlineMetadata(facts);
    return this.word(
      { facts, draft, system: SYSTEM_PROMPT, text: factsText(facts, draft), pictures: [images.jpg, ...images.frames.slice(0, 3)], problems: answerProblems },
      signal,
    );
  }

  /** A photo: the photo's instructions and facts, its one picture; no motion word, no movement shot type. */
  async generatePhoto(facts: ClipFacts, jpg: string, signal?: AbortSignal): Promise<GeneratedMetadata> {
    const draft = photoMetadata(facts);
    const out = await this.word(
      {
        facts,
        draft,
        system: PHOTO_SYSTEM_PROMPT,
        text: photoFactsText(facts, draft),
        pictures: [jpg],
        problems: (a) => [...answerProblems(a), ...photoWordingProblems(a)],
      },
      signal,
    );
    if (out.provider !== 'openai') return out;
    const c = out.result.content;
    return {
      ...out,
      result: {
        ...out.result,
        content: { ...c, keywords: c.keywords.filter((k) => !MOTION_WORDS.test(k)) },
        shot_types: stillShotTypes(out.result.shot_types),
      },
    };
  }

  /** Asks (twice at most) for an answer that keeps the rules; else the draft, recorded as offline with why. */
  private async word(
    q: { facts: ClipFacts; draft: GeneratedMetadata; system: string; text: string; pictures: Array<string | null>; problems: (a: ModelAnswer) => string[] },
    signal?: AbortSignal,
  ): Promise<GeneratedMetadata> {
    const { facts, draft } = q;
    const pictures = await Promise.all(q.pictures.filter((x): x is string => !!x).map((p) => toJpegDataUrl(p, 512).catch(() => null)));
    const content: OpenAI.Chat.Completions.ChatCompletionContentPart[] = [{ type: 'text', text: q.text }];
    for (const url of pictures) if (url) content.push({ type: 'image_url', image_url: { url, detail: 'low' } });

    const usage: TokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
    const problems: string[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      const completion = await this.ask(q.system, content, signal);
      usage.promptTokens += completion.usage?.prompt_tokens ?? 0;
      usage.completionTokens += completion.usage?.completion_tokens ?? 0;
      usage.totalTokens += completion.usage?.total_tokens ?? 0;
      const answer = parseAnswer(completion.choices[0]?.message?.content ?? null);
      // The offline provider's rules, checked on the model's answer: one that breaks them is asked again.
      const broken = answer.ok ? q.problems(answer.value) : [answer.problem];
      if (answer.ok && broken.length === 0) return { ...this.toResult(facts, answer.value, draft), usage };
      problems.push(broken.join(', '));
    }
    return { ...draft, usage, provider: 'offline', notes: [`OpenAI answer invalid twice (${problems.join('; ')}); offline result used`] };
  }

  private async ask(system: string, content: OpenAI.Chat.Completions.ChatCompletionContentPart[], signal?: AbortSignal) {
    const { client, APIError } = await this.loadClient();
    try {
      return await client.chat.completions.create(
        {
          model: this.opts.model,
          temperature: 0.4,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'stock_metadata', strict: true, schema: METADATA_JSON_SCHEMA as unknown as Record<string, unknown> },
          },
        },
        { signal },
      );
    } catch (err) {
      if (err instanceof APIError && err.status !== undefined && [400, 401, 403, 404, 422].includes(err.status)) {
        throw new PermanentProcessingError(`The AI service refused the request (${err.status})`);
      }
      throw err;
    }
  }

  private toResult(f: ClipFacts, a: ModelAnswer, draft: GeneratedMetadata): Omit<GeneratedMetadata, 'usage'> {
    const shot = { ...f.shotTypes };
    // Measured movement and light win; the model fills in only what the telemetry could not know.
    for (const id of SHOT_TYPE_IDS) {
      const unknown = (MOVEMENT_IDS.includes(id) && !f.summary.hasGps) || (LIGHT_IDS.includes(id) && f.light === null);
      if (unknown && typeof a.shot_types[id] === 'boolean') shot[id] = a.shot_types[id]!;
    }
    const b = a.shutterstock_b_category !== a.shutterstock_a_category ? a.shutterstock_b_category : draft.result.content.categories.shutterstock_b_category;
    const title = a.title.replace(/\s+/g, ' ');
    return {
      provider: 'openai',
      model: this.opts.model,
      // Another set of the project may have the same title: then the offline titles, which differ by real facts.
      titleCandidates: [title, ...draft.titleCandidates],
      ...(draft.reasons ? { reasons: draft.reasons } : {}),
      result: {
        content: {
          title,
          final_description: a.description.replace(/\s+/g, ' '),
          keywords: normalizeKeywords(a.keywords.filter((k) => !FILLER_KEYWORDS.has(k.trim().toLowerCase()))),
          categories: {
            adobe_category: a.adobe_category,
            shutterstock_a_category: a.shutterstock_a_category,
            shutterstock_b_category: b === a.shutterstock_a_category ? null : b,
          },
        },
        metadata: draft.result.metadata,
        shot_types: shot,
      },
    };
  }
}

/** What an answer breaks of the rules the offline provider follows by construction (empty when sound). */
export function answerProblems(a: ModelAnswer): string[] {
  const out = titleProblems(a.title.replace(/\s+/g, ' ').trim());
  const d = a.description.replace(/\s+/g, ' ').trim();
  for (const re of BANNED_DESCRIPTION_PHRASES) if (re.test(d)) out.push(`the description has "${re.exec(d)![0]}"`);
  for (const sentence of d.split(/(?<=[.!?]) (?=[A-Z0-9])/)) for (const p of textProblems(sentence)) out.push(`description: ${p}`);
  return out;
}

function parseAnswer(text: string | null): { ok: true; value: ModelAnswer } | { ok: false; problem: string } {
  if (!text) return { ok: false, problem: 'empty answer' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const parsed = modelAnswerSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      problem: parsed.error.issues
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join(', ')
        .slice(0, 300),
    };
  return { ok: true, value: parsed.data };
}
