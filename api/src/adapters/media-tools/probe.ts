/**
 * Video facts from ffprobe (JSON output). A file ffprobe cannot read, or one without a video stream,
 * is a `MediaUnreadableError`: retrying will not change the bytes, so the pipeline fails that set.
 */
import { runTool } from '../../platform/processes/tool-runner.js';
import { inputOptions, mediaToolPath } from './media-tools.js';

export interface VideoProbe {
  /** Seconds. */
  duration: number | null;
  width: number | null;
  height: number | null;
  /** Frames per second (from the stream's average frame rate). */
  fps: number | null;
  /** Video codec name, e.g. h264, hevc. */
  codec: string | null;
  /** Container format as ffprobe names it, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  container: string | null;
  hasAudio: boolean;
  bitRate: number | null;
}

export class MediaUnreadableError extends Error {
  override readonly name = 'MediaUnreadableError';
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
}

function rate(text: string | undefined): number | null {
  if (!text) return null;
  const [n, d] = text.split('/').map(Number);
  if (!Number.isFinite(n) || !n) return null;
  const v = d ? n! / d : n!;
  return Number.isFinite(v) && v > 0 ? Math.round(v * 1000) / 1000 : null;
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) ? n : null;
};

export async function probeVideo(file: string, opts: { timeoutMs?: number } = {}): Promise<VideoProbe> {
  const ffprobe = mediaToolPath('ffprobe'); // no tool is the machine's problem: thrown as is, never "unreadable"
  let stdout: string;
  try {
    ({ stdout } = await runTool(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputOptions(file), file], {
      timeoutMs: opts.timeoutMs ?? 60_000,
      maxBuffer: 8 * 1024 * 1024,
    }));
  } catch (err) {
    const e = err as { code?: string | number; killed?: boolean; stderr?: string };
    // A missing binary or a timeout is the machine's problem, not the file's: let the job retry.
    if (e.code === 'ENOENT' || e.killed) throw err;
    // ffprobe names its input: a server path or a loopback URL is nobody's business but ours.
    const reason = (e.stderr ?? '').trim().split('\n')[0]?.split(file).join('video') || 'ffprobe failed';
    throw new MediaUnreadableError(`The video could not be read (${reason})`);
  }
  const parsed = JSON.parse(stdout) as { streams?: FfprobeStream[]; format?: { duration?: string; format_name?: string; bit_rate?: string } };
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  if (!video) throw new MediaUnreadableError('The video file has no video stream');
  return {
    duration: num(parsed.format?.duration) ?? num(video.duration),
    width: num(video.width),
    height: num(video.height),
    fps: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
    codec: video.codec_name ?? null,
    container: parsed.format?.format_name ?? null,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    bitRate: num(parsed.format?.bit_rate),
  };
}
