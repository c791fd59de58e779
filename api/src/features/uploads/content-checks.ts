import type { MediaKind } from '../file-sets/media-file.entity.js';

/** How many leading bytes are kept while streaming, to check a file is what its name says. */
export const SNIFF_BYTES = 1024;

// ISO base media (MP4) and QuickTime (MOV) files start with a box: 4-byte size, then its type.
const VIDEO_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot', 'uuid']);

/**
 * Why the stored bytes do not fit the file's kind, or null when they do. Only the first KB is
 * looked at: enough to refuse an empty file, a binary "subtitle" or a renamed file, cheaply.
 */
export function contentProblem(kind: MediaKind, head: Buffer, sizeBytes: number): string | null {
  if (sizeBytes === 0) return 'The file is empty';
  switch (kind) {
    case 'subtitle': {
      if (head.includes(0)) return 'The .srt file is not text';
      try {
        // `stream: true` tolerates a character cut at the 1 KB boundary.
        new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: sizeBytes > head.length });
      } catch {
        return 'The .srt file is not UTF-8 text';
      }
      return null;
    }
    case 'image':
      return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff ? null : 'The .jpg file is not a JPEG image';
    case 'raw': {
      // DNG is TIFF: "II*\0" (little-endian) or "MM\0*" (big-endian).
      const tiff =
        head.length >= 4 &&
        ((head[0] === 0x49 && head[1] === 0x49 && head[2] === 0x2a && head[3] === 0) ||
          (head[0] === 0x4d && head[1] === 0x4d && head[2] === 0 && head[3] === 0x2a));
      return tiff ? null : 'The .dng file is not a DNG (TIFF) image';
    }
    case 'video':
      return head.length >= 8 && VIDEO_BOXES.has(head.subarray(4, 8).toString('latin1')) ? null : 'The video file is not an MP4 or MOV movie';
  }
}
