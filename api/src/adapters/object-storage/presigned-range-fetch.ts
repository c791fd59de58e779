import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RangeFetch } from './clip-relay.js';
import { ObjectMissingError } from './object-store.js';

/** A URL is signed for this long and used for half of it. */
const SIGNED_SECONDS = 3600;
/** Attempts in all for a 5xx, a throttle or a cut connection, as the SDK's (s3-client-config.ts). */
const ATTEMPTS = 5;
/** No answer in this long is a cut connection (retried). */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Ranged GETs of objects over presigned URLs, plain HTTP with kept-alive connections: the clip
 * relay's fetch. Through the SDK each GET cost 4-5 ms of CPU more (its request stack, a signature
 * each time; 7-9 against 3-4 ms for 256 KiB from s3rver), and a still taken from a 1080p clip
 * makes about forty. A URL is signed once per object for half an hour; retried like the SDK's
 * requests (backoff, 5 attempts); a 404 is ObjectMissingError.
 */
export class PresignedRangeFetch {
  private readonly urls = new Map<string, { url: Promise<string>; until: number }>();
  private readonly agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

  constructor(private readonly sign: (key: string, expiresInSeconds: number) => Promise<string>) {}

  readonly fetch: RangeFetch = async (key, range) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.get(key, await this.urlOf(key), range);
      } catch (err) {
        if (err instanceof ObjectMissingError) throw err;
        // A refusal is signed again once (an expired URL, a clock moved); a 5xx, a throttle or a
        // cut connection is tried again with backoff; any other answer is final.
        if (err instanceof Refused) this.urls.delete(key);
        const again = err instanceof Refused ? attempt < 2 : !(err instanceof Final) && attempt < ATTEMPTS;
        if (!again) throw err;
        await sleep(Math.min(2000, 100 * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2));
      }
    }
  };

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
    this.urls.clear();
  }

  private urlOf(key: string): Promise<string> {
    const now = Date.now();
    for (const [k, u] of this.urls) if (u.until < now) this.urls.delete(k);
    let kept = this.urls.get(key);
    if (!kept) {
      kept = { url: this.sign(key, SIGNED_SECONDS), until: now + (SIGNED_SECONDS * 1000) / 2 };
      kept.url.catch(() => this.urls.delete(key));
      this.urls.set(key, kept);
    }
    return kept.url;
  }

  private get(key: string, url: string, range: { start: number; end: number }): Promise<Readable> {
    const secure = url.startsWith('https:');
    return new Promise<Readable>((resolve, reject) => {
      const req = (secure ? https : http).get(
        url,
        { agent: secure ? this.agents.https : this.agents.http, headers: { range: `bytes=${range.start}-${range.end}` }, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status === 206) return resolve(res);
          res.resume();
          if (status === 404) return reject(new ObjectMissingError(key));
          if (status === 403) return reject(new Refused(`The bucket refused a signed read (${status})`));
          if (status === 200) return reject(new Final(`The bucket ignored the byte range ${range.start}-${range.end}`));
          const message = `The bucket answered ${status} to a ranged read`;
          reject(status >= 500 || status === 429 ? new Error(message) : new Final(message));
        },
      );
      req.on('timeout', () => req.destroy(new Error('The bucket did not answer a ranged read in time')));
      req.on('error', reject);
    });
  }
}

class Refused extends Error {}
/** Not worth another attempt. */
class Final extends Error {}
