/**
 * What the wizard does with each file of a picked or dropped selection (a whole DJI card
 * included), decided from the name alone, before any byte is sent. The reasons are the server's
 * (api/src/features/uploads/upload-naming.ts), so a file is refused the same way on either side.
 */

/** dng: a photo's raw twin (DJI_0101.DNG beside DJI_0101.JPG), sent with it. */
export type Slot = 'video' | 'jpg' | 'srt' | 'dng';

export interface TakenFile {
  take: true;
  /** A DJI .LRF proxy standing in for its master video (proxy mode). */
  proxy: boolean;
  file: File;
  /** Where it was found on the card (DCIM/100MEDIA/DJI_0001.MP4), or its name. */
  path: string;
  baseName: string;
  slot: Slot;
}
export interface LeftFile {
  take: false;
  path: string;
  reason: string;
  /** Skipped on purpose (DJI's own side files), not refused: shown apart, without alarm. */
  skipped: boolean;
}

const SLOTS: Record<string, Slot> = { mp4: 'video', mov: 'video', jpg: 'jpg', srt: 'srt', dng: 'dng' };
/** Files DJI writes beside the clips that no set needs. */
const SIDE_FILES: Record<string, string> = {
  thm: 'a DJI thumbnail (.THM): the set shows its .JPG instead',
  lrf: 'a DJI low-resolution proxy (.LRF): the master video is uploaded instead',
  idx: 'a DJI index file (.IDX): no file set needs it',
  scr: 'a DJI side file (.SCR): no file set needs it',
  dat: 'a DJI flight data file (.DAT): no file set needs it',
  log: 'a log file: no file set needs it',
  bin: 'a DJI side file (.BIN): no file set needs it',
};
const TAKES = 'a file set takes .mp4 or .mov, .jpg and .srt';

export function classifyCardFile(file: File, path = file.name, opts: { proxies?: boolean } = {}): TakenFile | LeftFile {
  const name = file.name;
  if (name.startsWith('.')) return { take: false, path, reason: 'a hidden system file', skipped: true };
  if (/[\u0000-\u001f\u007f]/.test(name)) return { take: false, path, reason: 'The file name contains control characters', skipped: false };
  if (name.length > 255) return { take: false, path, reason: 'The file name is longer than 255 characters', skipped: false };
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return { take: false, path, reason: `The file has no extension (${TAKES})`, skipped: false };
  const given = name.slice(dot + 1);
  const ext = given.toLowerCase();
  if (ext === 'lrf' && opts.proxies) return { take: true, file, path, baseName: name.slice(0, dot), slot: 'video', proxy: true };
  if (SIDE_FILES[ext]) return { take: false, path, reason: SIDE_FILES[ext], skipped: true };
  const slot = SLOTS[ext];
  if (!slot) return { take: false, path, reason: `.${given} files fit no file set (${TAKES})`, skipped: false };
  return { take: true, file, path, baseName: name.slice(0, dot), slot, proxy: false };
}

/**
 * Sorts what a selection takes, and finds what it must leave out: two files for one place of a
 * set (the later one would replace the earlier, so the second is named instead of sent).
 */
export function planCardUpload(entries: Array<{ file: File; path: string }>, opts: { proxies?: boolean } = {}): { taken: TakenFile[]; left: LeftFile[] } {
  const taken: TakenFile[] = [];
  const left: LeftFile[] = [];
  const seen = new Map<string, TakenFile>();
  const classified = entries.map(({ file, path }) => classifyCardFile(file, path, opts));
  // Proxy mode: a master whose .LRF is in the selection stays home (the proxy goes instead).
  const proxied = new Set(classified.filter((c): c is TakenFile => c.take && c.proxy).map((c) => c.baseName));
  for (const c of classified) {
    if (!c.take) {
      left.push(c);
      continue;
    }
    const path = c.path;
    if (c.slot === 'video' && !c.proxy && proxied.has(c.baseName)) {
      left.push({ take: false, path, reason: 'a master video: proxy mode sends its .LRF instead (add the master later for delivery)', skipped: true });
      continue;
    }
    const key = `${c.baseName}\u0000${c.slot}`;
    const first = seen.get(key);
    if (first) {
      left.push({ take: false, path, reason: `Another ${c.slot} file for ${c.baseName} is in this selection (${first.path})`, skipped: false });
      continue;
    }
    seen.set(key, c);
    taken.push(c);
  }
  return { taken: sendOrder(taken), left };
}

/**
 * The order files are sent in: each set's small files (.SRT, .JPG) before any video, sets in
 * name order, so every set is known (and its place and telemetry readable) early, while the
 * gigabytes follow.
 */
export function sendOrder(files: TakenFile[]): TakenFile[] {
  const rank = (f: TakenFile) => (f.slot === 'video' ? 1 : 0);
  return [...files].sort((a, b) => rank(a) - rank(b) || a.baseName.localeCompare(b.baseName, 'en', { numeric: true }) || a.slot.localeCompare(b.slot));
}
