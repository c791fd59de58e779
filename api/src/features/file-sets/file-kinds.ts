import type { MediaKind } from './media-file.entity.js';

/** The three places of a file set as users and the wizard name them (SPEC §3, §4). */
export const FILE_SLOTS = ['video', 'jpg', 'srt'] as const;
export type FileSlot = (typeof FILE_SLOTS)[number];

/** Where a file goes in its set: one of the three slots, or a photo's DNG (travels with its JPG). */
export type FilePlace = FileSlot | 'dng';

interface ExtensionRule {
  kind: MediaKind;
  slot: FilePlace;
  contentType: string;
}

/** The extensions a file set takes, lower-case; DJI writes them upper-case, any case is accepted. */
export const EXTENSIONS: Readonly<Record<string, ExtensionRule>> = {
  mp4: { kind: 'video', slot: 'video', contentType: 'video/mp4' },
  mov: { kind: 'video', slot: 'video', contentType: 'video/quicktime' },
  jpg: { kind: 'image', slot: 'jpg', contentType: 'image/jpeg' },
  srt: { kind: 'subtitle', slot: 'srt', contentType: 'application/x-subrip; charset=utf-8' },
  // DJI's low-resolution proxy (an MP4) of the clip beside it: a set's video until the master comes.
  lrf: { kind: 'video', slot: 'video', contentType: 'video/mp4' },
  // A photo's raw twin (DJI writes DJI_0101.DNG beside DJI_0101.JPG): delivered with the JPG where an agency takes it.
  dng: { kind: 'raw', slot: 'dng', contentType: 'image/x-adobe-dng' },
};

/**
 * Extensions of proxies: enough for processing and CSV export (10-20x smaller to upload), not for
 * what needs the master's bytes (delivery to an agency). A master uploaded later replaces it.
 */
export const PROXY_EXTENSIONS: ReadonlySet<string> = new Set(['lrf']);
export const isProxyExtension = (extension: string) => PROXY_EXTENSIONS.has(extension.toLowerCase());
/** The name a proxy's master has on the card (DJI writes .MP4), used for the CSV rows until it is uploaded. */
export const masterNameOf = (baseName: string) => `${baseName}.MP4`;

export const ACCEPTED_EXTENSIONS = Object.keys(EXTENSIONS);

export const slotOfKind = (kind: MediaKind): FilePlace => (kind === 'video' ? 'video' : kind === 'image' ? 'jpg' : kind === 'raw' ? 'dng' : 'srt');
export const kindOfSlot = (slot: FileSlot): MediaKind => (slot === 'video' ? 'video' : slot === 'jpg' ? 'image' : 'subtitle');

/** Which of video, jpg and srt a set still lacks; empty means complete. */
export function missingSlots(kinds: Iterable<MediaKind>): FileSlot[] {
  const have = new Set<FilePlace>([...kinds].map(slotOfKind));
  return FILE_SLOTS.filter((s) => !have.has(s));
}

export function parseSlot(raw: unknown): FileSlot | null {
  if (typeof raw !== 'string') return null;
  const s = raw.trim().toLowerCase();
  return (FILE_SLOTS as readonly string[]).includes(s) ? (s as FileSlot) : null;
}

const SLOT_WORDS: Record<FileSlot, string> = { video: 'video (.MP4 or .MOV)', jpg: '.JPG image', srt: '.SRT telemetry file' };

/** Why a set cannot be processed, for people ("missing the .SRT telemetry file"); null when complete. */
export function incompleteReason(missing: readonly FileSlot[]): string | null {
  if (!missing.length) return null;
  const words = missing.map((m) => SLOT_WORDS[m]);
  return `missing the ${words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0]}`;
}
