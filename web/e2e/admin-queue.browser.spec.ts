import { registerQueueName, unregisterQueueName } from '../../api/src/platform/queue/queue-registry.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';

const QUEUE = 'processing-demo';
let h: BrowserHarness;
let adminToken: string;

beforeAll(async () => {
  registerQueueName(QUEUE);
  h = await startBrowserHarness({ env: { ADMIN_USERNAME: 'queueadmin', ADMIN_PASSWORD: 'queue-admin-1' } });
  adminToken = (await h.server.request('POST', '/auth/login', { body: { username: 'queueadmin', password: 'queue-admin-1' } })).body.token;
  // A failed job with its reason, and two waiting.
  const queue = h.server.services.queue.queue(QUEUE);
  await queue.add('fileset', { fileSetId: 'a' });
  const worker = h.server.services.queue.worker(QUEUE, async () => {
    throw new Error('ffprobe: moov atom not found (corrupt video)');
  });
  await new Promise<void>((resolve) => worker.on('failed', () => resolve()));
  await worker.close();
  await queue.add('fileset', { fileSetId: 'b' });
  await queue.add('fileset', { fileSetId: 'c' });
}, 90_000);
afterAll(async () => {
  unregisterQueueName(QUEUE);
  await h.close();
});

it('shows an administrator the queue counts and recent failures, reached from Admin Controls', async () => {
  for (const theme of ['web3', 'minimalist']) {
    await h.server.request('PUT', '/api/user/theme', { token: adminToken, body: { theme } });
    const { page } = await h.newPage();
    await page.addInitScript((token) => localStorage.setItem('token', token), adminToken);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Job Queue' }).click();
    await page.waitForURL('**/admin/queue');
    const card = page.getByTestId(`queue-${QUEUE}`);
    await card.getByText('ffprobe: moov atom not found (corrupt video)').waitFor();
    const counts = await card.locator('table').first().locator('tbody td').allTextContents();
    expect(counts).toEqual(['2', '0', '0', '1', '0']);
    await h.screenshot(page, `admin-queue-${theme}`);
  }
});
