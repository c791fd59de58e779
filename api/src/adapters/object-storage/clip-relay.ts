import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { BufferPool } from './buffer-pool.js';
import { boxSize, indexStart, keyframesAt } from './mp4-index.js';
import type { SeedPart } from './clip-seed.js';
import { ObjectMissingError, type LocalCopy } from './object-store.js';

/** Reads `[start, end]` (inclusive) of an object: a ranged GET to the bucket. */
export type RangeFetch = (key: string, range: { start: number; end: number }) => Promise<Readable>;

export interface ClipRelayLimits {
  /** Bytes per block: the unit fetched from the bucket and kept. */
  blockBytes: number;
  /** Bytes of blocks kept for all clips open in this process (those of a clip go when its last reader is released). */
  cacheBytes: number;
  /** Bytes of the first answer to a read from a byte (a tool opening the clip, or seeking in it). */
  firstAnswerBytes: number;
  /** A reader reading on where its answer ended gets twice as many bytes each time, up to this. */
  maxAnswerBytes: number;
  /** Fetch a clip's start, its index and the keyframes its frames need as it is opened (see `readAhead`). */
  prefetchIndex: boolean;
}

/**
 * 64 KiB blocks, 48 MiB kept, a first answer of 256 KiB growing to at most 8 MiB. A frame needs the
 * clip's header (a tool opening the clip reads a few bytes of its start, then its index), the index
 * (tens of kB for a short clip, a few MB for a long one) and its keyframe with the few pictures read
 * after it (150-200 kB at 1080p, 1-2 MB at 4K); the header and index blocks are shared by the probe
 * and the frame readers of a set. Blocks of 64 KiB, not 256: the keyframes are fetched ahead by
 * their known byte ranges (`readAhead`), and a 1080p card set's GETs carried about half the bytes
 * (s3rver's CPU 1.9 to 1.7 s for four runs of ten sets). A first answer of 256 KiB, not 64: each
 * answer is a connection and a request the tool waits for; a card's stills made half as many
 * answers (46 to 24 a 1080p set), and the API's main thread spent about a third less CPU on them
 * (bench/storage.mjs --card --warm 2). A read from blocks already here is answered up to their end.
 */
export const CLIP_RELAY_LIMITS: ClipRelayLimits = {
  blockBytes: 64 * 1024,
  cacheBytes: 48 * 1024 * 1024,
  firstAnswerBytes: 256 * 1024,
  maxAnswerBytes: 8 * 1024 * 1024,
  prefetchIndex: true,
};

/** The longest a clip's blocks stay after its last reader (`keepAfterMs`). */
const MAX_KEEP_AFTER_MS = 5 * 60 * 1000;

/** Moments whose keyframes are fetched ahead per reader: the still's eight candidates, with room. */
const MAX_FRAMES_AHEAD = 16;

/**
 * A larger index is left to the tool's reads: 4 MiB of sample tables is 300,000-1,000,000 pictures
 * (mp4-index.ts reads at most 300,000); a drone's 10-minute clip has about 40 kB.
 */
export const MAX_INDEX_AHEAD_BYTES = 4 * 1024 * 1024;

/** Reads followed per reader: three frames, or the inputs of the still's candidates, with room. */
const READS_ON_KEPT = 16;

/** A reader's URL stays valid this long if it is never released (a fault in a caller), like a presigned URL. */
const TOKEN_TTL_MS = 60 * 60 * 1000;

interface Reader {
  key: string;
  size: number;
  expiresAt: number;
  /**
   * Where recent answers ended, each with that answer's bytes (the next, going on from there, gets
   * twice as many): several tools (three frames at once) or inputs of one tool (the still's
   * candidates) read one clip at once, each going on where its own last answer ended. The oldest
   * few go first.
   */
  readsOn: Map<number, number>;
  /**
   * The last bucket fault a read met, an ObjectMissingError for a clip gone from the bucket (a tool
   * reports either as an unreadable clip; the caller knows better).
   */
  fault: Error | null;
}

interface Block {
  /** Its bytes once fetched: the first `length` bytes of a buffer of the relay's pool. */
  bytes: Promise<Buffer>;
  length: number;
  /** The GET bringing it, shared by the blocks it fetches; null for bytes this process had in hand (a seed). */
  fetch: Promise<unknown> | null;
  /** Its bytes are here (its GET has ended, or a seed): an answer runs on through it without a wait. */
  arrived: boolean;
  /** Still among the relay's blocks (not evicted, not dropped with its clip's last reader). */
  kept: boolean;
  /** Answers sending it now: its buffer goes back to the pool once none is and it is no longer kept. */
  senders: number;
  returned: boolean;
}

/**
 * Where ffprobe and ffmpeg read a clip kept in a bucket: a loopback HTTP server in this process.
 *
 * Given a presigned URL, each tool asks for `bytes=N-` and hangs up once it has what it needs; by
 * then the bucket has sent it megabytes more (the socket buffers absorb them), and a set opens its
 * clip four times (probe, three frames), each reading the same header and index: a 20 MB 1080p
 * clip cost 25-30 MB of transfer for three frames. Here every answer is a 206 of a bounded size (a
 * tool run with `-reconnect 1` asks again where the answer ended, see media-tools' `inputOptions`),
 * and the blocks come from the bucket once, by ranged GETs, into a bounded cache shared by the
 * tools reading the same clip: the "bounded local cache for the frames they need" of issue 35.
 */
export class ClipRelay {
  private server: http.Server | null = null;
  private listening: Promise<number> | null = null;
  private readonly readers = new Map<string, Reader>();
  /** Clips whose blocks stay after their last reader, until when (`keepAfterMs`). */
  private readonly keptUntil = new Map<string, number>();
  /** Blocks by `key#index`, oldest use first (a Map keeps insertion order; a use re-inserts). */
  private readonly blocks = new Map<string, Block>();
  private cachedBytes = 0;
  /**
   * The blocks' memory, reused: a new Buffer for each block fetched counted against V8's limit for
   * the next full garbage collection, and a card's stills (about 9 MB of blocks a 1080p set) started
   * several more a run, whose marking cost the API about 0.5 CPU-s per ten sets (bench/storage.mjs
   * --card). As many as the cache holds and two answers more, let go after 30 s unused.
   */
  private readonly pool: BufferPool;

  constructor(
    private readonly fetchRange: RangeFetch,
    private readonly limits: ClipRelayLimits = CLIP_RELAY_LIMITS,
  ) {
    this.pool = new BufferPool(limits.blockBytes, Math.ceil((limits.cacheBytes + 2 * limits.maxAnswerBytes) / limits.blockBytes));
  }

  /**
   * A URL on loopback a tool reads `key` (of `size` bytes) from; `release` ends it. `framesAt`: the
   * moments (fractions of the clip's length) the tools will take frames at, fetched ahead (`readAhead`).
   * `keepAfterMs`: the clip's blocks stay this long after its last reader is released (it is read
   * again soon), else they go at once.
   */
  async open(key: string, size: number, opts: { framesAt?: readonly number[]; keepAfterMs?: number } = {}): Promise<LocalCopy> {
    const port = await this.listen();
    this.sweep();
    const token = randomBytes(16).toString('hex');
    const reader: Reader = { key, size, expiresAt: Date.now() + TOKEN_TTL_MS, readsOn: new Map(), fault: null };
    this.readers.set(token, reader);
    if (this.limits.prefetchIndex && size > 0) {
      void this.readAhead(key, size, (opts.framesAt ?? []).slice(0, MAX_FRAMES_AHEAD)).catch(() => undefined);
    }
    let released = false;
    return {
      path: `http://127.0.0.1:${port}/${token}`,
      fault: () => reader.fault,
      release: () => {
        if (released) return;
        released = true;
        this.readers.delete(token);
        this.keepFor(key, opts.keepAfterMs ?? 0);
        this.dropUnread(key);
      },
    };
  }

  /**
   * What the tools will read of an MP4, asked for while they start: every tool opening it reads its
   * start, then its index (the moov box), then, for a frame, the keyframe at or before the frame's
   * moment; each a wait on the bucket after the other. Here the start is fetched at once; the index's
   * place is read from its boxes (a "faststart" file has it there, a camera's follows the media) and
   * it is fetched; and with `framesAt`, the keyframes ffmpeg will seek to are read from the index
   * (mp4-index.ts) and fetched too, all while ffprobe runs. A fault is not kept: the tool's own read
   * asks again and meets it. Nothing more is fetched for a clip no reader has open any more.
   *
   * A 1080p card set's still, from the bucket against from disk (bench/storage.mjs --card --warm 2,
   * `stepMs` in the still's log line): its eight candidates +57 ms without the keyframes fetched
   * ahead, +25 with; the processed set's frames +20 and +5-10 (`stageMs`). On a real bucket each
   * wait saved is a round trip of tens of milliseconds.
   */
  private async readAhead(key: string, size: number, framesAt: readonly number[]): Promise<void> {
    const { blockBytes } = this.limits;
    const open = () => [...this.readers.values()].some((r) => r.key === key);
    const at = await this.readBytes(key, { start: 0, end: Math.min(blockBytes, size) - 1 }, size, (head) => indexStart(head, size));
    // The block after the start came with it: without frames to find, nothing more to fetch for an index there.
    if (at === null || !open() || (!framesAt.length && at < 2 * blockBytes)) return;
    const box = await this.readBytes(key, { start: at, end: Math.min(at + 16, size) - 1 }, size, (header) => boxSize(header, 0));
    if (!framesAt.length || !box || box.size < 8 || at + box.size > size || box.size > MAX_INDEX_AHEAD_BYTES || !open()) return;
    const keyframes = await this.readBytes(key, { start: at, end: at + box.size - 1 }, size, (moov) => keyframesAt(moov, framesAt));
    if (!keyframes || !open()) return;
    // Each keyframe with the pictures read after it, no block more (their end is known); those a block
    // or less apart by one GET (the bytes between cost less than a request).
    const fetch = (run: { first: number; last: number }) => this.sent(this.blocksOf(key, run.first, run.last, size, { ahead: false }));
    let run: { first: number; last: number } | null = null;
    for (const k of keyframes) {
      const first = Math.floor(k.start / blockBytes);
      const last = Math.floor(k.end / blockBytes);
      if (run && first <= run.last + 2) {
        run.last = Math.max(run.last, last);
        continue;
      }
      if (run) fetch(run);
      run = { first, last };
    }
    if (run) fetch(run);
  }

  /** `read` over bytes `range` of `key`, from its blocks (fetched where missing), held until it returns. */
  private async readBytes<T>(key: string, range: { start: number; end: number }, size: number, read: (bytes: Buffer) => T): Promise<T> {
    const { blockBytes } = this.limits;
    const first = Math.floor(range.start / blockBytes);
    const blocks = this.blocksOf(key, first, Math.floor(range.end / blockBytes), size);
    try {
      const bytes = await Promise.all(blocks.map((b) => b.bytes));
      const from = range.start - first * blockBytes;
      const all = bytes.length === 1 ? bytes[0]! : Buffer.concat(bytes);
      return read(all.subarray(from, from + range.end - range.start + 1));
    } finally {
      this.sent(blocks);
    }
  }

  /**
   * Bytes of `key` (an object of `size` bytes) this process has just had in hand as it stored them
   * (clip-seed.ts): kept as blocks, whole ones only (and a last one ending the object), for
   * `keepMs` as if read, so a tool opening the clip soon (its still) finds them here, not in the bucket.
   */
  seed(key: string, size: number, parts: readonly SeedPart[], keepMs: number): void {
    const { blockBytes } = this.limits;
    for (const { at, bytes } of parts) {
      for (let b = Math.ceil(at / blockBytes); b * blockBytes < size; b++) {
        const from = b * blockBytes;
        const to = Math.min(from + blockBytes, size);
        if (to > at + bytes.length) break;
        const id = `${key}#${b}`;
        if (this.blocks.has(id)) continue;
        const buf = this.pool.take();
        bytes.copy(buf, 0, from - at, to - at);
        const entry: Block = {
          bytes: Promise.resolve(buf.subarray(0, to - from)),
          length: to - from,
          fetch: null,
          arrived: true,
          kept: true,
          senders: 0,
          returned: false,
        };
        this.blocks.set(id, entry);
        this.cachedBytes += entry.length;
      }
    }
    this.keepFor(key, keepMs);
    this.evict();
    this.dropUnread(key);
  }

  /** `key`'s blocks stay `ms` after its last reader (or its seed), unless evicted for room. */
  private keepFor(key: string, ms: number): void {
    const keepMs = Math.min(ms, MAX_KEEP_AFTER_MS);
    if (keepMs <= 0) return;
    const until = Date.now() + keepMs;
    if (until > (this.keptUntil.get(key) ?? 0)) this.keptUntil.set(key, until);
    setTimeout(() => this.dropUnread(key), keepMs + 1).unref();
  }

  /** Bytes of blocks held now (tests, logs). */
  get heldBytes(): number {
    return this.cachedBytes;
  }

  /** Block buffers waiting in the pool to be reused (tests). */
  get pooledBlocks(): number {
    return this.pool.kept;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.listening = null;
    this.readers.clear();
    this.keptUntil.clear();
    this.blocks.clear();
    this.cachedBytes = 0;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private listen(): Promise<number> {
    if (this.listening) return this.listening;
    const server = http.createServer((req, res) => void this.answer(req, res).catch(() => res.destroy()));
    this.server = server;
    this.listening = new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.unref(); // never what keeps a process alive
        resolve((server.address() as AddressInfo).port);
      });
    }).catch((err: unknown) => {
      // Not kept: the next clip tries to listen again.
      this.server = null;
      this.listening = null;
      throw err;
    });
    return this.listening;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [token, r] of this.readers) {
      if (r.expiresAt < now) {
        this.readers.delete(token);
        this.dropUnread(r.key);
      }
    }
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const reader = this.readers.get((req.url ?? '').slice(1));
    if (!reader || reader.expiresAt < Date.now()) return plain(res, 404, 'No such clip reader');
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Only GET and HEAD');
    const { size } = reader;
    // A HEAD, or an empty clip (no range of it can be satisfied): its size and nothing to fetch.
    if (size === 0 || req.method === 'HEAD') {
      res.writeHead(200, { 'content-length': String(size), 'accept-ranges': 'bytes' });
      return void res.end();
    }
    const asked = parseRange(req.headers.range, size);
    if (asked === 'unsatisfiable') {
      res.writeHead(416, { 'content-range': `bytes */${size}` });
      return void res.end();
    }
    const { blockBytes, firstAnswerBytes, maxAnswerBytes } = this.limits;
    // A read going on where an answer ended gets twice the bytes (a long read of a large index, a
    // group of pictures); a seek starts again small.
    const before = reader.readsOn.get(asked.start);
    reader.readsOn.delete(asked.start);
    const bytes = before ? Math.min(before * 2, maxAnswerBytes) : firstAnswerBytes;
    const first = Math.floor(asked.start / blockBytes);
    let end = Math.min(asked.end, asked.start + bytes - 1);
    // A read from a block here (fetched ahead, or read before) is answered up to where the blocks here
    // end, at once: the tool asks again if it wants more, rather than waiting on a GET for bytes it may
    // not read (an ffmpeg reading on past a keyframe and the pictures fetched with it, while its
    // other inputs start). Only through blocks that have come, or come by the first's GET (one wait):
    // else a still's probe, reading the clip's seeded start, waited on the GET of the first keyframe's
    // pictures fetched ahead behind it (with a bucket 20 ms away, 73 ms instead of 30: bench/storage.mjs
    // --card with BENCH_S3_LATENCY_MS=20).
    const head = this.blocks.get(`${reader.key}#${first}`);
    if (head) {
      let here = first;
      for (let next; here < Math.floor(end / blockBytes) && (next = this.blocks.get(`${reader.key}#${here + 1}`)); here++) {
        if (!next.arrived && next.fetch !== head.fetch) break;
      }
      end = Math.min(end, (here + 1) * blockBytes - 1);
    }
    reader.readsOn.set(end + 1, bytes);
    if (reader.readsOn.size > READS_ON_KEPT) reader.readsOn.delete(reader.readsOn.keys().next().value!);
    const sending = this.blocksOf(reader.key, first, Math.floor(end / blockBytes), size);
    let body: Buffer[];
    try {
      // All of the answer's blocks before its head: a bucket fault is a 502 (or a 404), which the
      // tool reports at once, never a cut body it would keep asking again for.
      body = await Promise.all(sending.map((b) => b.bytes));
    } catch (err) {
      this.sent(sending);
      // Either way the reader knows: the tool says only that it could not read the clip.
      reader.fault = err instanceof Error ? err : new Error(String(err));
      if (err instanceof ObjectMissingError) return plain(res, 404, 'The clip is missing from the bucket');
      return plain(res, 502, 'The clip could not be read from the bucket');
    }
    if (res.destroyed) return this.sent(sending);
    // The socket may hold the blocks' memory until the answer is written out, or the reader gone.
    res.once('close', () => this.sent(sending));
    res.writeHead(206, {
      'content-length': String(end - asked.start + 1),
      'content-range': `bytes ${asked.start}-${end}/${size}`,
      'accept-ranges': 'bytes',
      'content-type': 'application/octet-stream',
    });
    // The blocks are in memory already (at most an answer's 8 MiB): written at once, no waiting.
    const offset = asked.start - first * blockBytes;
    let left = end - asked.start + 1;
    for (let i = 0; i < body.length && left > 0; i++) {
      const from = i === 0 ? offset : 0;
      const part = body[i]!.subarray(from, from + left);
      left -= part.length;
      res.write(part);
    }
    res.end();
  }

  /**
   * Blocks `first`..`last` of `key`, taken for an answer (`sent` gives them back): each kept, or being
   * fetched (one fetch for all readers), or fetched now, the missing ones that follow each other by
   * one ranged GET. A GET that fetches the last block also fetches the one after it when that is
   * missing (unless `ahead` is false: a read whose end is known): the reader will most likely go on
   * (a frame is a keyframe of a few hundred kB, read in growing answers), and a GET costs the bucket and this process far more
   * than a block's bytes (s3rver: ~5 ms of CPU).
   */
  private blocksOf(key: string, first: number, last: number, size: number, opts: { ahead: boolean } = { ahead: true }): Block[] {
    const out: Block[] = [];
    let missing: number[] = [];
    const fetchMissing = () => {
      if (!missing.length) return;
      const to = missing[missing.length - 1]!;
      const ahead = opts.ahead && to === last && (to + 1) * this.limits.blockBytes < size && !this.blocks.has(`${key}#${to + 1}`);
      out.push(...this.fetchBlocks(key, missing[0]!, ahead ? to + 1 : to, size).slice(0, missing.length));
      missing = [];
    };
    for (let i = first; i <= last; i++) {
      const id = `${key}#${i}`;
      const kept = this.blocks.get(id);
      if (!kept) {
        missing.push(i);
        continue;
      }
      fetchMissing();
      this.blocks.delete(id); // re-inserted: now the newest use
      this.blocks.set(id, kept);
      out.push(kept);
    }
    fetchMissing();
    // Taken before any is evicted: an answer's blocks are its own until it is sent.
    for (const b of out) b.senders++;
    this.evict();
    return out;
  }

  /** An answer is written out (or its reader gone): its blocks' memory may go back to the pool. */
  private sent(blocks: Block[]): void {
    for (const b of blocks) {
      b.senders--;
      this.letGo(b);
    }
  }

  private letGo(b: Block): void {
    if (b.kept || b.senders > 0 || b.returned) return;
    b.returned = true;
    b.bytes.then(
      (bytes) => this.pool.give(bytes),
      () => undefined, // a failed fetch's buffers went back with it
    );
  }

  private fetchBlocks(key: string, first: number, last: number, size: number): Block[] {
    const { blockBytes } = this.limits;
    const start = first * blockBytes;
    const end = Math.min((last + 1) * blockBytes, size) - 1;
    const into = Array.from({ length: last - first + 1 }, () => this.pool.take());
    const run = this.fetchRange(key, { start, end }).then((stream) => fill(stream, into, end - start + 1, `Bytes ${start}-${end} of ${key}`));
    run.catch(() => into.forEach((b) => this.pool.give(b)));
    return into.map((buf, j) => {
      const id = `${key}#${first + j}`;
      const length = Math.min(blockBytes, end + 1 - start - j * blockBytes);
      const entry: Block = { bytes: run.then(() => buf.subarray(0, length)), length, fetch: run, arrived: false, kept: true, senders: 0, returned: false };
      void run.then(
        () => void (entry.arrived = true),
        () => undefined,
      );
      this.blocks.set(id, entry);
      this.cachedBytes += entry.length;
      // A failed fetch is not kept: the next read asks the bucket again.
      entry.bytes.catch(() => this.forget(id, entry));
      return entry;
    });
  }

  private evict(): void {
    for (const [id, entry] of this.blocks) {
      if (this.cachedBytes <= this.limits.cacheBytes) return;
      this.forget(id, entry); // an answer already holding its blocks keeps them until it is sent
    }
  }

  private forget(id: string, entry: Block): void {
    if (this.blocks.get(id) !== entry) return;
    this.blocks.delete(id);
    this.cachedBytes -= entry.length;
    entry.kept = false;
    this.letGo(entry);
  }

  /** Once no reader has `key` open, its blocks go, unless they are kept a while (`keepAfterMs`). */
  private dropUnread(key: string): void {
    for (const r of this.readers.values()) if (r.key === key) return;
    if ((this.keptUntil.get(key) ?? 0) > Date.now()) return;
    this.keptUntil.delete(key);
    const prefix = `${key}#`;
    for (const [id, entry] of this.blocks) if (id.startsWith(prefix)) this.forget(id, entry);
  }
}

/**
 * The body of a ranged GET, of `length` bytes, copied once into the blocks' buffers `into`, one after
 * the other (the stream consumers' buffer() goes through a Blob and copies each byte twice: 0.2 s of
 * the API's CPU for ten 1080p sets). An object replaced or cut meanwhile gives another length:
 * refused, since a short block would be an answer shorter than its head says.
 */
async function fill(stream: Readable, into: Buffer[], length: number, what: string): Promise<void> {
  let at = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (at + chunk.length > length) {
      stream.destroy();
      throw new Error(`${what}: more came`);
    }
    for (let from = 0; from < chunk.length;) {
      const block = into[Math.floor(at / into[0]!.length)]!;
      const copied = chunk.copy(block, at % block.length, from);
      from += copied;
      at += copied;
    }
  }
  if (at !== length) throw new Error(`${what}: ${at} came`);
}

/** `bytes=a-`, `bytes=a-b` or `bytes=-n` (one range; several are read as the first); none is the whole. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' {
  if (!header) return { start: 0, end: Math.max(0, size - 1) };
  const m = /^bytes=(\d*)-(\d*)/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { start: 0, end: Math.max(0, size - 1) };
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

function plain(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(message);
}
