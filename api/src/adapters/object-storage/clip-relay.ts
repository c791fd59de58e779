import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { BufferPool } from './buffer-pool.js';
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
  /** Fetch a clip's start, and its index where it follows the media, as it is opened (see `prefetchIndex`). */
  prefetchIndex: boolean;
}

/**
 * 256 KiB blocks, 48 MiB kept, answers of a block growing to at most 8 MiB. A frame needs the clip's
 * header (a tool opening the clip reads a few bytes of its start, then its index), the index (tens
 * of kB for a short clip, a few MB for a long one) and its keyframe (a few hundred kB at 1080p,
 * 1-2 MB at 4K); the header and index blocks are shared by the probe and the frame readers of a set.
 * A first answer of a whole block, not 64 KiB: its block is fetched whole anyway, and each answer
 * is a connection and a request the tool waits for; a card's stills made half as many answers (46
 * to 24 a 1080p set) for 10 % more bytes over loopback, and the API's main thread spent about a
 * third less CPU on them (bench/storage.mjs --card --warm 2).
 */
export const CLIP_RELAY_LIMITS: ClipRelayLimits = {
  blockBytes: 256 * 1024,
  cacheBytes: 48 * 1024 * 1024,
  firstAnswerBytes: 256 * 1024,
  maxAnswerBytes: 8 * 1024 * 1024,
  prefetchIndex: true,
};

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

  /** A URL on loopback a tool reads `key` (of `size` bytes) from; `release` ends it. */
  async open(key: string, size: number): Promise<LocalCopy> {
    const port = await this.listen();
    this.sweep();
    const token = randomBytes(16).toString('hex');
    const reader: Reader = { key, size, expiresAt: Date.now() + TOKEN_TTL_MS, readsOn: new Map(), fault: null };
    this.readers.set(token, reader);
    if (this.limits.prefetchIndex) this.prefetchIndex(key, size);
    let released = false;
    return {
      path: `http://127.0.0.1:${port}/${token}`,
      fault: () => reader.fault,
      release: () => {
        if (released) return;
        released = true;
        this.readers.delete(token);
        this.dropUnread(key);
      },
    };
  }

  /**
   * The clip's start, and its index where the drone wrote it after the media, asked for while the
   * tool starts: every tool opening an MP4 reads its start, then its index (the moov box), one wait
   * on the bucket after the other. The index's place is read from the boxes in the first block; a
   * "faststart" file, index first, needs nothing more. A fault is not kept: the tool's own read asks
   * again and meets it. The probe of a processed 1080p set took about 9 ms longer from the bucket
   * than from disk with both fetched at open, 20 without (bench/storage.mjs --warm 2, `stageMs` in
   * the worker's log); on a real bucket each wait saved is a round trip of tens of milliseconds,
   * twice a card set (its still, its processing).
   */
  private prefetchIndex(key: string, size: number): void {
    if (size === 0) return;
    const start = this.blocksOf(key, 0, 0, size);
    this.sent(start);
    start[0]!.bytes.then(
      (head) => {
        const at = indexAfterMedia(head, size);
        const block = at === null ? -1 : Math.floor(at / this.limits.blockBytes);
        if (block > 1 && [...this.readers.values()].some((r) => r.key === key)) this.sent(this.blocksOf(key, block, block, size));
      },
      () => undefined,
    );
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
    const end = Math.min(asked.end, asked.start + bytes - 1);
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
   * missing: the reader will most likely go on (a frame is a keyframe of a few hundred kB, read in
   * growing answers from a small first one), and a GET costs the bucket and this process far more
   * than a block's bytes (s3rver: ~5 ms of CPU).
   */
  private blocksOf(key: string, first: number, last: number, size: number): Block[] {
    const out: Block[] = [];
    let missing: number[] = [];
    const fetchMissing = () => {
      if (!missing.length) return;
      const to = missing[missing.length - 1]!;
      const ahead = to === last && (to + 1) * this.limits.blockBytes < size && !this.blocks.has(`${key}#${to + 1}`);
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
      const entry: Block = { bytes: run.then(() => buf.subarray(0, length)), length, kept: true, senders: 0, returned: false };
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

  /** Once no reader has `key` open, its blocks go: a set's clip is not read again soon. */
  private dropUnread(key: string): void {
    for (const r of this.readers.values()) if (r.key === key) return;
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

/**
 * Where an MP4's index (its moov box) starts when it follows the media (mdat), as a camera writes
 * it, read from the top-level boxes in `head`, the file's first bytes; null when the index comes
 * first, or the boxes cannot be told from these bytes.
 */
export function indexAfterMedia(head: Buffer, size: number): number | null {
  for (let at = 0; at + 8 <= head.length;) {
    let box = head.readUInt32BE(at);
    const type = head.toString('latin1', at + 4, at + 8);
    if (box === 1) {
      if (at + 16 > head.length) return null;
      box = Number(head.readBigUInt64BE(at + 8)); // a 64-bit size: a clip over 4 GiB
    }
    if (box < 8 || type === 'moov') return null; // a box to the end of the file (0), or the index first
    if (type === 'mdat') return at + box < size ? at + box : null;
    at += box;
  }
  return null;
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
