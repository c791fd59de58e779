import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { signUp } from '../../api/test/support/test-server.js';
import { fixtureSrtPath, makeTestFileSet } from '../../api/test/support/media-fixtures.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { makeDjiCard, makeFakeDng } from '../../api/test/support/dji-card.js';

/**
 * Issue 18 in the browser: a whole DJI card through the folder picker (side files skipped and
 * other files refused by name before any byte is sent), proxy mode, and an upload cut by a page
 * reload that continues from the server's offset when the same file is chosen again.
 */
let h: BrowserHarness;
let dir: string;
beforeAll(async () => {
  h = await startBrowserHarness();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-card-'));
});
afterAll(async () => {
  await h.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Reloads the page, accepting the leave question; returns the kinds of dialog the browser asked. */
async function reloadAnsweringLeave(page: Page): Promise<string[]> {
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.type());
    void d.accept();
  });
  await page.reload();
  return asked;
}

async function newProject(page: Page, name: string): Promise<string> {
  await page.goto('/createproject');
  await page.getByLabel('Project name').fill(name);
  await page.locator('select[name=cameraType]').selectOption('dji-mavic-3-pro-series');
  await page.getByRole('button', { name: 'Create Project and Continue' }).click();
  await page.getByRole('heading', { name: 'File Upload' }).waitFor();
  return new URL(page.url()).searchParams.get('project')!;
}

it('walks a card picked as a folder: takes the sets, lists what it leaves out before sending, and uploads the rest', async () => {
  const user = await signUp(h.server);
  const card = path.join(dir, 'card');
  const media = path.join(card, 'DCIM', '100MEDIA');
  const set1 = await makeTestFileSet(media, 'DJI_0001');
  await makeTestFileSet(media, 'DJI_0002', { srtFixture: 'JuanIrache__DJI_SRT_Parser__mavic_pro.SRT' });
  await fs.copyFile(set1[0]!, path.join(media, 'DJI_0001.LRF'));
  await fs.writeFile(path.join(media, 'DJI_0001.THM'), 'thumb');
  await fs.mkdir(path.join(card, 'MISC'), { recursive: true });
  await fs.writeFile(path.join(card, 'MISC', 'notes.txt'), 'flight notes');

  const { page } = await h.newPage();
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), user.token);
  await newProject(page, 'Whole card');
  await page.getByTestId('folder-picker').setInputFiles(card);
  await page.getByText('6 files selected').waitFor();
  const leftOut = page.getByTestId('left-out');
  await leftOut.getByText('3 files left out').waitFor();
  await leftOut.getByText(/notes\.txt/).waitFor();
  await leftOut.getByText('.txt files fit no file set (a file set takes .mp4 or .mov, .jpg and .srt)').waitFor();
  await leftOut.getByText(/skipped: a DJI thumbnail \(\.THM\)/).waitFor();
  await leftOut.getByText(/skipped: a DJI low-resolution proxy \(\.LRF\)/).waitFor();
  await h.screenshot(page, 'card-upload-picked-web3');

  // Proxy mode: the .LRF goes instead of its master, which is listed as staying home.
  await page.getByLabel(/Upload the \.LRF proxies instead of the masters/).check();
  await page.getByText('DJI_0001.LRF').first().waitFor();
  await leftOut.getByText(/skipped: a master video: proxy mode sends its \.LRF instead/).waitFor();
  await page.getByText('6 files selected').waitFor();
  await page.evaluate("document.documentElement.dataset.theme = 'minimalist'");
  await h.screenshot(page, 'card-upload-proxy-minimalist');
  await page.evaluate("document.documentElement.dataset.theme = 'web3'");

  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('heading', { name: 'Verify File Sets' }).waitFor({ timeout: 60_000 });
  const cards = page.getByTestId('fileset-card');
  expect(await cards.count()).toBe(2);
  await cards.filter({ hasText: 'DJI_0001' }).getByText('proxy', { exact: true }).waitFor();
  // What was left out is listed one file a line, the reason after the name (no nested parentheses).
  await page.getByTestId('not-uploaded-list').getByText(': .txt files fit no file set (a file set takes .mp4 or .mov, .jpg and .srt)').waitFor();
  expect(await cards.filter({ hasText: 'Complete' }).count()).toBe(2);
  await h.screenshot(page, 'card-upload-verify-web3');
});

it('an upload cut by a reload at about half resumes, never repeats: finished files are "already uploaded", the half-sent one continues from the server’s offset', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), user.token);
  const projectId = await newProject(page, 'Hotel wifi');
  // Small files (a batch) and a large one (over 8 MiB: tus) on a throttled connection, so the reload lands mid-file.
  const card = path.join(dir, 'hotel');
  const small = await makeTestFileSet(card, 'DJI_0001', { omit: ['video'] });
  const srt2 = path.join(card, 'DJI_0002.SRT');
  await fs.copyFile(fixtureSrtPath('JuanIrache__DJI_SRT_Parser__mavic_pro.SRT'), srt2);
  const big = path.join(card, 'DJI_0009.SRT');
  await fs.writeFile(big, (await fs.readFile(fixtureSrtPath('JuanIrache__DJI_SRT_Parser__air2s.srt'))).toString().repeat(2000));
  const files = [...small, srt2, big];
  const size = (await fs.stat(big)).size;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 1_000_000, uploadThroughput: 1_000_000 });
  await page.getByTestId('file-picker').setInputFiles(files);
  await page.getByRole('button', { name: 'Upload' }).click();

  const db = new pg.Client({ connectionString: h.server.databaseUrl });
  await db.connect();
  try {
    const received = async () => {
      const names = await fs.readdir(path.join(h.server.services.config.storageDir, '.tus'));
      const id = names.find((f) => !f.endsWith('.json'));
      return id ? (await fs.stat(path.join(h.server.services.config.storageDir, '.tus', id))).size : 0;
    };
    const recorded = async () =>
      (
        await db.query(`select m.filename from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = $1 order by 1`, [projectId])
      ).rows.map((r: { filename: string }) => r.filename);
    // The batch of small files is in and the large one about half sent (bounded waits on the effect).
    for (let i = 0; i < 300 && ((await recorded()).length < 3 || (await received()) < size * 0.4); i++) await page.waitForTimeout(100);
    expect(await recorded()).toEqual(['DJI_0001.JPG', 'DJI_0001.SRT', 'DJI_0002.SRT']);
    // Leaving asks first: the browser's own question on a reload (accepted here).
    expect(await reloadAnsweringLeave(page)).toEqual(['beforeunload']);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByRole('heading', { name: 'File Upload' }).waitFor();
    // The step says what the earlier visit left unsent.
    await page.getByTestId('upload-interrupted').getByText('Upload interrupted: 1 clip still to send — choose the card folder again to continue.').waitFor();
    await page
      .getByTestId('unfinished-uploads')
      .getByText(/DJI_0009\.SRT \(\d+% sent: choose it again to continue\)/)
      .waitFor();
    await h.screenshot(page, 'card-upload-unfinished-web3');
    const before = await received();
    expect(before).toBeGreaterThan(0);
    // The dashboard says so too, and Continue setup comes back to the upload.
    await page.goto('/dashboard');
    const card = page.getByTestId('project-card').filter({ hasText: 'Hotel wifi' });
    await card.getByTestId('card-status').getByText('Upload incomplete', { exact: true }).waitFor();
    await card
      .getByTestId('card-incomplete')
      .getByText(/\d+ incomplete/)
      .waitFor();
    await h.screenshot(page, 'card-upload-dashboard-incomplete-web3');
    await card.getByRole('link', { name: 'Continue setup' }).click();
    await page.getByRole('heading', { name: 'File Upload' }).waitFor();
    await page.getByTestId('upload-interrupted').waitFor();

    // Chosen again: nothing finished is sent again, the half-sent file continues where the server stopped.
    const sent: Array<{ method: string; url: string; offset: string | null }> = [];
    page.on('request', (r) => sent.push({ method: r.method(), url: r.url(), offset: r.headers()['upload-offset'] ?? null }));
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const t = document.querySelector('.upload-progress-figures strong')?.textContent;
        if (t && seen.at(-1) !== t) seen.push(t);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByTestId('file-picker').setInputFiles(files);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('3 already uploaded').waitFor();
    await h.screenshot(page, 'card-upload-resumed-web3');
    await page.getByRole('heading', { name: 'Verify File Sets' }).waitFor({ timeout: 60_000 });
    expect(sent.filter((r) => r.url.includes('/batch'))).toEqual([]);
    const patches = sent.filter((r) => r.method === 'PATCH');
    expect(patches.length).toBeGreaterThan(0);
    expect(Number(patches[0]!.offset)).toBeGreaterThanOrEqual(before);
    // The overall progress restarted from what was there, not from 0 %.
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(Number(seen[0]!.replace('%', ''))).toBeGreaterThan(0);
    // Every file once; one tus upload for the large one, finished.
    expect(await recorded()).toEqual(['DJI_0001.JPG', 'DJI_0001.SRT', 'DJI_0002.SRT', 'DJI_0009.SRT']);
    const rows = await db.query(`select status, size_bytes::int as size from resumable_uploads where project_id = $1`, [projectId]);
    expect(rows.rows).toEqual([{ status: 'complete', size }]);
    // Step 3 has nothing still to send, and no red lines for it.
    expect(await page.getByTestId('still-to-send').count()).toBe(0);
  } finally {
    await db.end();
  }
});

it('processes each set as soon as it is complete: a title shows while the card is still uploading, then the project page follows the run', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), user.token);
  const projectId = await newProject(page, 'As they complete');
  const first = await makeTestFileSet(path.join(dir, 'asc'), 'DJI_0001');
  const second = await makeTestFileSet(path.join(dir, 'asc'), 'DJI_0002', { omit: ['srt'] });
  // DJI_0002's telemetry is large and the connection slow, so DJI_0001 is processed while it is still moving.
  const bigSrt = path.join(dir, 'asc', 'DJI_0002.SRT');
  await fs.writeFile(bigSrt, (await fs.readFile(fixtureSrtPath('JuanIrache__DJI_SRT_Parser__air2s.srt'))).toString().repeat(2500));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 2_000_000, uploadThroughput: 800_000 });
  // Its bytes (the one tus upload: the other files go in a batch) also wait until DJI_0001's result
  // is on screen, so the card is still uploading then however long processing takes on a loaded
  // machine (two suites at once: processing outlasted the slow upload).
  let letSrtGo!: () => void;
  const srtHeld = new Promise<void>((resolve) => (letSrtGo = resolve));
  await page.route('**/api/uploads/tus/**', async (route) => {
    if (route.request().method() === 'PATCH') await srtHeld;
    await route.continue();
  });

  await page.getByTestId('file-picker').setInputFiles([...first, ...second, bigSrt]);
  const option = page.getByTestId('as-complete-option');
  await option.getByText(/\(0\.03 credits a set, charged as each set completes; balance 100\.00\)/).waitFor();
  await option.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Upload' }).click();

  // DJI_0001's title and place while DJI_0002.SRT is still uploading.
  const results = page.getByTestId('sets-as-complete');
  await results
    .locator('.set-result-completed', { hasText: 'DJI_0001' })
    .getByText(/Barcelona/)
    .first()
    // Bounded wait on the effect: processing one set took over a minute with two suites on two cores.
    .waitFor({ timeout: 90_000 });
  const stillSending = await page.locator('.upload-row.upload-uploading', { hasText: 'DJI_0002.SRT' }).count();
  expect(stillSending).toBe(1);
  await h.screenshot(page, 'card-upload-as-complete-web3');
  await page.evaluate("document.documentElement.dataset.theme = 'minimalist'");
  await h.screenshot(page, 'card-upload-as-complete-minimalist');
  await page.setViewportSize({ width: 375, height: 800 });
  await h.screenshot(page, 'card-upload-as-complete-375');
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.evaluate("document.documentElement.dataset.theme = 'web3'");

  letSrtGo();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  // When the card is in, the run stops taking sets and the project page follows it to the end.
  await page.waitForURL(`**/project/${projectId}`, { timeout: 120_000 });
  let completed = 0;
  for (let i = 0; i < 600; i++) {
    const p = await h.server.request('GET', `/api/projects/${projectId}/progress`, { token: user.token });
    if (p.body.runStatus === 'completed') {
      expect(p.body).toMatchObject({ totalJobs: 2, acceptingSets: false });
      completed = p.body.completedJobs;
      break;
    }
    if (i === 599) throw new Error(`the run did not finish: ${JSON.stringify(p.body)}`);
    await page.waitForTimeout(200);
  }
  // Charged set by set at 0.03, a failed set refunded: what is kept is 0.03 a processed set.
  expect(completed).toBeGreaterThanOrEqual(1);
  const balance = await h.server.request('GET', '/api/user/credits/balance', { token: user.token });
  expect(balance.body.creditBalance).toBeCloseTo(100 - 0.03 * completed, 5);
});

it('a DJI card as the drone writes it: clips get stills from their videos, photos are listed apart, a clip without .SRT goes by choice', async () => {
  const user = await signUp(h.server);
  const card = await makeDjiCard(path.join(dir, 'dji-card', 'DCIM', '100MEDIA'), { clips: 3, photos: 2 });
  // The last clip's captions were off: no .SRT on the card.
  await fs.rm(path.join(card.dir, `${card.clips[2]}.SRT`));
  await makeFakeDng(path.join(card.dir, `${card.photos[0]}.DNG`));

  const { page } = await h.newPage();
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), user.token);
  await newProject(page, 'DJI card');
  await page.getByTestId('folder-picker').setInputFiles(path.join(dir, 'dji-card'));
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('heading', { name: 'Verify File Sets' }).waitFor({ timeout: 60_000 });

  const cards = page.getByTestId('fileset-card');
  expect(await cards.count()).toBe(5);
  const first = cards.filter({ hasText: card.clips[0]! });
  await first.getByText('from video', { exact: true }).waitFor();
  await first.getByText('Still taken from the video').waitFor();
  await first.getByText('Complete', { exact: true }).waitFor();
  const photos = page.getByRole('region', { name: 'Photos' });
  await photos.getByRole('heading', { name: 'Photos (2)' }).waitFor();
  await photos.getByText(`${card.photos[0]}.DNG`).waitFor();
  const noSrt = cards.filter({ hasText: card.clips[2]! });
  await noSrt.getByText('Missing subtitle (.srt)').waitFor();
  await h.screenshot(page, 'dji-card-verify-web3');

  await noSrt.getByRole('button', { name: 'Process without telemetry' }).click();
  await noSrt.getByText('Without telemetry', { exact: true }).waitFor();
  await noSrt.getByText(/processed from the pictures alone/).waitFor();
  await h.screenshot(page, 'dji-card-verify-without-telemetry-web3');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Credit Cost' }).waitFor();
  await page.getByTestId('sets-to-process').getByText('5', { exact: true }).waitFor();
});

it('while a card uploads, a link and Back ask first; after a reload the step counts what is still to send and what is ready (issue 30)', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), user.token);
  // Reached in the app (Dashboard, New Project), so Back stays in the app's history.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'New Project' }).first().click();
  await page.getByLabel('Project name').fill('Cut short');
  await page.locator('select[name=cameraType]').selectOption('dji-mavic-3-pro-series');
  await page.getByRole('button', { name: 'Create Project and Continue' }).click();
  await page.getByRole('heading', { name: 'File Upload' }).waitFor();
  // Two sets of small files (one batch) and three whose .SRT is large (tus); the test holds every
  // tus request, so those three stay unsent for as long as it likes: no throttling, no timer.
  const card = path.join(dir, 'cut-short');
  const files = [...(await makeTestFileSet(card, 'DJI_0001')), ...(await makeTestFileSet(card, 'DJI_0002'))];
  const large = (await fs.readFile(fixtureSrtPath('JuanIrache__DJI_SRT_Parser__air2s.srt'))).toString().repeat(2000);
  for (const base of ['DJI_0003', 'DJI_0004', 'DJI_0005']) {
    files.push(...(await makeTestFileSet(card, base, { omit: ['srt'] })));
    await fs.writeFile(path.join(card, `${base}.SRT`), large);
    files.push(path.join(card, `${base}.SRT`));
  }
  const held: string[] = [];
  await page.route('**/api/uploads/tus**', (route) => void held.push(route.request().method()));

  await page.getByTestId('file-picker').setInputFiles(files);
  await page.getByTestId('as-complete-option').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Upload' }).click();
  // The small files' sets are in and processed as they complete, while the large files are held.
  const results = page.getByTestId('sets-as-complete');
  await results.getByText('Processed as they complete: 2 of 5 sets ready').waitFor({ timeout: 90_000 });
  expect(held.length).toBeGreaterThan(0);

  // An in-app link asks with the page's own dialog; staying keeps the upload and the page.
  const wizardUrl = page.url();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Leave during the upload?' });
  await dialog.getByText('What is sent so far is kept').waitFor();
  await h.screenshot(page, 'card-upload-leave-link-web3');
  await dialog.getByRole('button', { name: 'Stay and keep uploading' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(page.url()).toBe(wizardUrl);
  // So does the browser's Back button.
  await page.goBack();
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Stay and keep uploading' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(page.url()).toBe(wizardUrl);
  await page.getByRole('heading', { name: 'File Upload' }).waitFor();

  // A reload gets the browser's own question; after it the step counts the three clips still to send.
  expect(await reloadAnsweringLeave(page)).toEqual(['beforeunload']);
  await page.getByRole('heading', { name: 'File Upload' }).waitFor();
  await page.getByTestId('upload-interrupted').getByText('Upload interrupted: 3 clips still to send — choose the card folder again to continue.').waitFor();
  // The run taking sets reads right after the reload: 2 of the card's 5 sets, not "0 of 0".
  await page.getByTestId('sets-as-complete').getByText('Processed as they complete: 2 of 5 sets ready').waitFor();
  await h.screenshot(page, 'card-upload-interrupted-count-web3');
  await page.unroute('**/api/uploads/tus**');
});
