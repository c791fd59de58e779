import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { signUp, type TestServer } from '../../support/test-server.js';
import os from 'node:os';
import path from 'node:path';
import { fixtureSrtPath, makeTestFileSet, makeTestJpg } from '../../support/media-fixtures.js';
import { Project } from '../../../src/features/projects/project.entity.js';
import { FileSet } from '../../../src/features/file-sets/file-set.entity.js';
import { MediaFile } from '../../../src/features/file-sets/media-file.entity.js';
import { FileSetResult } from '../../../src/features/results/file-set-result.entity.js';
import { TOKEN_CALLERS, type MatrixFixture, type TokenCaller } from './authorization-rules.js';

export { CALLERS, type Caller } from './authorization-rules.js';

const SRT = 'JuanIrache__DJI_SRT_Parser__air2s.srt';

/** Users A, B and an administrator, and makers of A's objects, on a live test server. */
export async function makeMatrixFixture(server: TestServer, admin: { username: string; password: string }): Promise<MatrixFixture> {
  const owner = await signUp(server);
  const other = await signUp(server);
  const login = await server.request('POST', '/auth/login', { body: admin });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
  const adminAccount = { token: login.body.token as string, id: login.body.user.id as string, ...admin };
  const accounts = { owner, other, admin: adminAccount };
  const tokens = {} as Record<TokenCaller, string>;
  for (const [caller, { account, scopes }] of Object.entries(TOKEN_CALLERS) as Array<[TokenCaller, (typeof TOKEN_CALLERS)[TokenCaller]]>) {
    const r = await server.request('POST', '/api/user/tokens', { token: accounts[account].token, body: { name: caller, scopes } });
    if (r.status !== 201) throw new Error(`fixture: API token ${caller} failed with ${r.status} ${JSON.stringify(r.body)}`);
    tokens[caller] = r.body.secret as string;
  }
  const packages = await server.request('GET', '/api/purchase/packages');
  const packageId = packages.body.packages[0].id as string;
  const ok = (what: string, r: { status: number; body: unknown }) => {
    if (r.status >= 300) throw new Error(`fixture: ${what} failed with ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as any;
  };

  // One real complete file set on disk (ffmpeg), uploaded afresh for each call that needs one.
  let setFiles: Promise<string[]> | null = null;
  const completeSetFiles = () => (setFiles ??= fs.mkdtemp(path.join(os.tmpdir(), 'matrix-set-')).then((dir) => makeTestFileSet(dir, 'DJI_0001')));

  let jpg: Promise<string> | undefined;
  const madeTokens: string[] = [];
  let deliveryProject: Promise<string> | null = null;
  const fx: MatrixFixture = {
    users: accounts,
    tokens,
    packageId,
    unique: (prefix) => `${prefix}${randomBytes(5).toString('hex')}`,
    async project(opts = {}) {
      const r = ok(
        'create project',
        await server.request('POST', '/api/projects', { token: owner.token, body: { name: 'Owned by A', cameraType: 'dji-mavic-3-pro-series' } }),
      );
      const id = r.project.id as string;
      if (opts.trashed) ok('trash project', await server.request('DELETE', `/api/projects/${id}`, { token: owner.token }));
      return id;
    },
    async fileSet() {
      // Recorded as the upload feature records them: real bytes in storage, then the rows.
      const projectId = await fx.project();
      const stored = await server.services.storage.write(Readable.from(await fs.readFile(fixtureSrtPath(SRT))), { extension: 'srt' });
      const em = server.services.orm.em.fork();
      const set = em.create(FileSet, { project: em.getReference(Project, projectId), baseName: 'DJI_0001', position: 0, createdAt: new Date() });
      const media = em.create(MediaFile, {
        fileSet: set,
        filename: 'DJI_0001.SRT',
        extension: 'srt',
        kind: 'subtitle',
        contentType: 'application/x-subrip',
        ...stored,
        createdAt: new Date(),
      });
      em.create(FileSetResult, {
        fileSet: set,
        original: fx.sampleResult(),
        current: fx.sampleResult(),
        provider: 'offline',
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      await em.flush();
      return { projectId, fileSetId: set.id, fileId: media.id };
    },
    async jpgFileSet() {
      // fileSet()'s set, with a real JPG beside its SRT.
      const s = await fx.fileSet();
      const stored = await server.services.storage.write(Readable.from(await fs.readFile(await (jpg ??= makeTestJpg()))), { extension: 'jpg' });
      const em = server.services.orm.em.fork();
      const media = em.create(MediaFile, {
        fileSet: em.getReference(FileSet, s.fileSetId),
        filename: 'DJI_0001.JPG',
        extension: 'jpg',
        kind: 'image',
        contentType: 'image/jpeg',
        ...stored,
        createdAt: new Date(),
      });
      await em.flush();
      return { ...s, fileId: media.id };
    },
    async completeProject() {
      const id = await fx.project();
      const form = new FormData();
      for (const file of await completeSetFiles()) form.append('files', new Blob([new Uint8Array(await fs.readFile(file))]), path.basename(file));
      const res = await fetch(`${server.url}/api/upload/${id}`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
      if (res.status !== 200 && res.status !== 201) throw new Error(`fixture: upload failed with ${res.status} ${await res.text()}`);
      return id;
    },
    async deliveryConnection() {
      const r = ok(
        'delivery connection',
        await server.request('POST', '/api/delivery/connections', {
          token: owner.token,
          body: { agency: 'custom', protocol: 'ftp', host: '127.0.0.1', port: 1, username: 'matrix', password: 'matrix-pass' },
        }),
      );
      return r.connection.id as string;
    },
    async delivery() {
      // One project for every delivery call: the matrix calls these thousands of times under one account's project quota.
      const projectId = await (deliveryProject ??= fx.completeProject());
      const r = ok(
        'delivery',
        await server.request('POST', `/api/delivery/projects/${projectId}/deliveries`, {
          token: owner.token,
          body: { connectionIds: [await fx.deliveryConnection()] },
        }),
      );
      return { projectId, deliveryId: r.delivery.id as string };
    },
    async keywordRulePreset() {
      const r = await server.graphql(
        'mutation($n: String!, $r: KeywordRulesInput!) { saveKeywordRulePreset(name: $n, rules: $r) { id } }',
        // A name of its own: the callers ask at once, and two saves of one name at once are refused (CONFLICT).
        { n: fx.unique('Matrix fixture preset '), r: { alwaysInclude: ['drone'] } },
        owner.token,
      );
      if (!r.data?.saveKeywordRulePreset) throw new Error(`fixture: preset failed: ${JSON.stringify(r.errors)}`);
      return r.data.saveKeywordRulePreset.id as string;
    },
    async srtFile() {
      return { filename: 'DJI_0001.SRT', data: await fs.readFile(fixtureSrtPath(SRT)) };
    },
    async purchaseRequest() {
      const r = ok('purchase request', await server.request('POST', '/api/purchase/request', { token: owner.token, body: { packageId } }));
      return r.request.id as string;
    },
    async apiToken() {
      // The ones made for earlier calls go first (if no caller revoked them), so thousands of
      // calls, several at once, stay under the 50-active-token limit.
      for (const id of madeTokens.splice(0)) await server.request('DELETE', `/api/user/tokens/${id}`, { token: owner.token });
      const r = ok('API token', await server.request('POST', '/api/user/tokens', { token: owner.token, body: { name: fx.unique('t'), scopes: ['read'] } }));
      madeTokens.push(r.token.id as string);
      return r.token.id as string;
    },
    async passwordResetSecret() {
      const someone = await signUp(server);
      const r = ok('reset link', await server.request('POST', `/api/admin/users/${someone.id}/password-reset`, { token: adminAccount.token }));
      return decodeURIComponent(String(r.url).split('#token=')[1]);
    },
    async tusUpload() {
      const projectId = await fx.project();
      const data = await fs.readFile(fixtureSrtPath(SRT));
      const meta = [`filename ${Buffer.from('DJI_0001.SRT').toString('base64')}`, `projectId ${Buffer.from(projectId).toString('base64')}`].join(',');
      const res = await fetch(`${server.url}/api/uploads/tus`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'tus-resumable': '1.0.0', 'upload-length': String(data.length), 'upload-metadata': meta },
      });
      const location = res.headers.get('location');
      if (res.status !== 201 || !location) throw new Error(`fixture: tus creation failed with ${res.status} ${await res.text()}`);
      return { projectId, uploadId: location.split('/').pop()!, data };
    },
    async uploadForm() {
      const form = new FormData();
      form.append('files', new Blob([await fs.readFile(fixtureSrtPath(SRT))], { type: 'application/x-subrip' }), 'DJI_0001.SRT');
      return form;
    },
    sampleResult: () => ({
      content: {
        title: 'Aerial view over the coast',
        final_description: 'A drone flies along the coast at golden hour.',
        keywords: ['aerial', 'coast', 'drone'],
        categories: { adobe_category: null, shutterstock_a_category: null, shutterstock_b_category: null },
      },
      metadata: { latitude: 43.7, longitude: 7.26, city: 'Nice', country: 'France' },
      shot_types: { aerial: true },
    }),
  };
  return fx;
}
