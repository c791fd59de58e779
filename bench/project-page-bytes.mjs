// Bytes the project page downloads for a 30-set project with real-size stills (issue 16 item 7):
// 30 JPGs of about 8 MB (4000x3000 noise, what a DJI still weighs) are uploaded, the built app
// opens /project/{id} in headless Chromium, and every response's encoded bytes are summed from
// the browser's own network events (CDP Network.loadingFinished): once when the page has settled,
// once after the set list has been scrolled to its end (lazy thumbnails below the fold load then).
// Then (issue 31 item 8) ten sets are opened in turn with the pager: the bytes of images that moves
// (each set's 1024 px WebP preview, never the still) against the originals' weight, and the time
// each set takes to show.
// Run after `npm run build`: `node bench/project-page-bytes.mjs` (via npm for Node 24);
// PAGE_BENCH_SETS=10 for a shorter run.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { freshDatabase, root, startApi, table } from './lib.mjs';

const SETS = Number(process.env.PAGE_BENCH_SETS ?? 30);
const require = createRequire(path.join(root, 'api/package.json'));
const sharp = require('sharp');

const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'shotlog-page-bytes-'));
const db = await freshDatabase();
const api = await startApi({
  DATA_DIR: path.join(work, 'data'),
  DATABASE_URL: db.url,
  PORT: '4719',
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  QUEUE_PREFIX: `bench${randomBytes(4).toString('hex')}`,
  LOG_LEVEL: 'warn',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});

try {
  const json = async (res) => {
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return res.json();
  };
  const username = `bench${randomBytes(3).toString('hex')}`;
  const { token } = await json(
    await fetch(`${api.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'secret123' }),
    }),
  );
  const auth = { authorization: `Bearer ${token}` };
  const { project } = await json(
    await fetch(`${api.url}/api/projects`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Thirty stills', cameraType: 'dji-mavic-3-pro-series' }),
    }),
  );

  // Each still its own noise (as different as real photos), about 8 MB at quality 86.
  let stillBytes = 0;
  for (let i = 1; i <= SETS; i++) {
    const noise = Buffer.alloc(4000 * 3000 * 3);
    for (let p = 0; p < noise.length; p += 4096) randomBytes(Math.min(4096, noise.length - p)).copy(noise, p);
    const jpg = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 86 })
      .toBuffer();
    stillBytes += jpg.length;
    const form = new FormData();
    form.append('files', new Blob([jpg], { type: 'image/jpeg' }), `DJI_${String(i).padStart(4, '0')}.JPG`);
    await json(await fetch(`${api.url}/api/upload/${project.id}`, { method: 'POST', headers: auth, body: form }));
  }

  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map();
  const bytes = { total: 0, image: 0, requests: 0, images: 0 };
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    bytes.total += e.encodedDataLength;
    bytes.requests++;
    if (types.get(e.requestId) === 'Image') {
      bytes.image += e.encodedDataLength;
      bytes.images++;
    }
  });
  const started = Date.now();
  await page.goto(`${api.url}/project/${project.id}`, { waitUntil: 'networkidle' });
  await page.getByTestId('file-set-item').first().waitFor();
  // Settled: every picture in the first screen has arrived.
  const picturesInView = () =>
    page.waitForFunction(() => [...document.images].filter((i) => i.getBoundingClientRect().top < innerHeight).every((i) => i.complete), null, {
      timeout: 120_000,
    });
  await picturesInView();
  await page.waitForLoadState('networkidle');
  const settled = { ...bytes, seconds: (Date.now() - started) / 1000 };
  // Scroll the set list (and the page) to the end: every lazy thumbnail comes into view.
  for (let i = 0; i < SETS; i += 4) {
    await page
      .getByTestId('file-set-item')
      .nth(Math.min(i, SETS - 1))
      .scrollIntoViewIfNeeded();
    await picturesInView();
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const scrolled = { ...bytes, seconds: (Date.now() - started) / 1000 };

  // Issue 31 item 8: open sets one after another with the pager, as a reviewer steps through a
  // card. Each shows its 1024 px WebP preview, never the still itself (the baseline: what the
  // originals of those sets weigh, which the page downloaded before).
  const OPEN = Math.min(10, SETS);
  await page.evaluate('window.scrollTo(0, 0)');
  const beforeOpening = { ...bytes };
  const showTimes = [];
  for (let i = 1; i < OPEN; i++) {
    const t = Date.now();
    await page.getByRole('button', { name: 'Next file set' }).click();
    await page
      .getByTestId('pager-label')
      .getByText(`File Set ${i + 1} of ${SETS}`)
      .waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid=preview-image]');
      return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
    });
    showTimes.push(Date.now() - t);
  }
  await page.waitForLoadState('networkidle');
  const opened = { image: bytes.image - beforeOpening.image, total: bytes.total - beforeOpening.total, images: bytes.images - beforeOpening.images };
  const firstSetPreview = await page.evaluate(() => document.querySelector('[data-testid=preview-image]')?.getAttribute('src') ?? '');
  const originalsOpened = (stillBytes / SETS) * OPEN;

  const mb = (n) => (n / 1048576).toFixed(2);
  console.log(`${SETS} sets, stills ${mb(stillBytes / SETS)} MB each on average (${mb(stillBytes)} MB in all)`);
  table([
    {
      moment: 'page settled',
      requests: settled.requests,
      images: settled.images,
      'image MB': mb(settled.image),
      'total MB': mb(settled.total),
      seconds: settled.seconds.toFixed(1),
    },
    {
      moment: 'list scrolled to the end',
      requests: scrolled.requests,
      images: scrolled.images,
      'image MB': mb(scrolled.image),
      'total MB': mb(scrolled.total),
      seconds: scrolled.seconds.toFixed(1),
    },
  ]);
  console.log(`ratio: page bytes after scrolling / all stills = ${(scrolled.total / stillBytes).toFixed(4)}`);
  // The first set's preview came with the page; the other OPEN - 1 are stepped to.
  const settledPreview = settled.image;
  console.log(
    `opening ${OPEN} sets (the first with the page): ${mb(settledPreview + opened.image)} MB of images (${opened.images} after the first; aim < 3 MB), ` +
      `against ${mb(originalsOpened)} MB of originals: ratio ${((settledPreview + opened.image) / originalsOpened).toFixed(4)}; ` +
      `preview ${firstSetPreview.includes('/preview') ? 'is the 1024 px rendition' : 'is NOT the rendition'}`,
  );
  const sorted = [...showTimes].sort((a, b) => a - b);
  console.log(
    `time to show a set after the first: median ${sorted[Math.floor(sorted.length / 2)] ?? 0} ms, max ${sorted[sorted.length - 1] ?? 0} ms (aim < 300 ms)`,
  );
  await context.close();
} finally {
  await browser.close();
  await api.stop();
  await db.drop();
  await fsp.rm(work, { recursive: true, force: true });
  if (fs.existsSync(work)) console.error(`left ${work}`);
}
