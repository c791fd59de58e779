import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { AGENCY_HOSTS, isNonPublicAddress, resolveDeliveryHost, type Lookup } from './agency-hosts.js';
import { SecretBox } from './secret-box.js';

const resolvesTo =
  (...addresses: string[]): Lookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('agency host table', () => {
  it('holds the three agencies with their protocol, host, CSV page and a source', () => {
    expect(AGENCY_HOSTS.map((a) => [a.agency, a.protocol, a.host])).toEqual([
      ['adobe', 'sftp', 'sftp.contributor.adobestock.com'],
      ['shutterstock', 'ftps', 'ftps.shutterstock.com'],
      ['pond5', 'ftp', 'ftp.pond5.com'],
    ]);
    for (const a of AGENCY_HOSTS) {
      expect(a.csvUploadPage).toMatch(/^https:\/\//);
      expect(a.source).toMatch(/^https:\/\//);
      expect(a.takes.videos).toBe(true);
    }
  });
});

describe('resolveDeliveryHost', () => {
  it('accepts a table host resolving to a public address and returns that address', async () => {
    await expect(resolveDeliveryHost('ftp.pond5.com', [], resolvesTo('203.0.113.9'))).resolves.toBe('203.0.113.9');
  });

  it('refuses a host outside the table and the extra list', async () => {
    await expect(resolveDeliveryHost('example.com', [], resolvesTo('93.184.216.34'))).rejects.toThrow(/not an agency upload host/);
    await expect(resolveDeliveryHost('example.com', ['example.com'], resolvesTo('93.184.216.34'))).resolves.toBe('93.184.216.34');
  });

  it('refuses a listed name that resolves to a private address (resolve, then check)', async () => {
    for (const addr of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '172.20.0.1', '169.254.169.254', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1'])
      await expect(resolveDeliveryHost('ftps.shutterstock.com', [], resolvesTo('198.51.100.1', addr))).rejects.toThrow(/private, loopback or link-local/);
  });

  it('allows loopback only when the host or the address is listed', async () => {
    await expect(resolveDeliveryHost('127.0.0.1', [])).rejects.toThrow(/not an agency upload host/);
    await expect(resolveDeliveryHost('127.0.0.1', ['127.0.0.1'])).resolves.toBe('127.0.0.1');
    await expect(resolveDeliveryHost('files.studio.example', ['files.studio.example', '10.0.0.5'], resolvesTo('10.0.0.5'))).resolves.toBe('10.0.0.5');
  });

  it('says DNS when the name does not resolve', async () => {
    const failing: Lookup = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    await expect(resolveDeliveryHost('ftp.pond5.com', [], failing)).rejects.toThrow(/DNS: ftp.pond5.com could not be resolved \(ENOTFOUND\)/);
  });

  it('classifies addresses', () => {
    expect(isNonPublicAddress('8.8.8.8')).toBe(false);
    expect(isNonPublicAddress('2001:4860:4860::8888')).toBe(false);
    expect(isNonPublicAddress('100.64.0.1')).toBe(true);
    expect(isNonPublicAddress('0.0.0.0')).toBe(true);
    expect(isNonPublicAddress('not-an-ip')).toBe(true);
  });
});

describe('IPv6 forms that reach a private or loopback IPv4 address (issue 28 finding 8)', () => {
  const forms: Array<[string, string]> = [
    ['IPv4-mapped, dotted', '::ffff:127.0.0.1'],
    ['IPv4-mapped, hex', '::ffff:7f00:1'],
    ['IPv4-mapped, spelled out', '0:0:0:0:0:ffff:a00:1'],
    ['IPv4-compatible', '::127.0.0.1'],
    ['IPv4-compatible, hex', '::a9fe:a9fe'],
    ['IPv4-translated', '::ffff:0:192.168.1.1'],
    ['NAT64 (64:ff9b::/96), loopback', '64:ff9b::127.0.0.1'],
    ['NAT64 (64:ff9b::/96), metadata address', '64:ff9b::a9fe:a9fe'],
    ['local-use NAT64 (64:ff9b:1::/48), any address', '64:ff9b:1::808:808'],
    ['6to4 (2002::/16), loopback', '2002:7f00:1::1'],
    ['6to4 (2002::/16), private', '2002:c0a8:101::'],
    ['Teredo, private server', '2001:0:a00:1::1'],
    ['Teredo, loopback client (obfuscated)', '2001:0:808:808:0:0:80ff:fffe'],
    ['site-local', 'fec0::1'],
    ['discard-only', '100::1'],
    ['link-local with a zone', 'fe80::1%eth0'],
  ];

  it.each(forms)('refuses %s (%s)', async (_what, address) => {
    expect(isNonPublicAddress(address)).toBe(true);
    await expect(resolveDeliveryHost('ftps.shutterstock.com', [], resolvesTo(address))).rejects.toThrow(/private, loopback or link-local/);
  });

  it.each(forms)('allows %s (%s) when it is listed in DELIVERY_EXTRA_HOSTS', async (_what, address) => {
    await expect(resolveDeliveryHost('ftps.shutterstock.com', [address], resolvesTo(address))).resolves.toBe(address);
  });

  it('keeps the same forms public when what they carry is public', () => {
    for (const address of ['::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2001:0:808:808::f7f7:f7f7', '2a00:1450:4001:80b::200e'])
      expect([address, isNonPublicAddress(address)]).toEqual([address, false]);
  });
});

describe('SecretBox', () => {
  it('round-trips with SECRETS_KEY, never stores the plain text, and fails with another key', async () => {
    const box = new SecretBox({ secretsKey: 'k1', dataDir: '/nonexistent' });
    const sealed = await box.seal('hunter2');
    expect(sealed).not.toContain('hunter2');
    expect(await box.seal('hunter2')).not.toBe(sealed);
    await expect(box.open(sealed)).resolves.toBe('hunter2');
    await expect(new SecretBox({ secretsKey: 'k2', dataDir: '/nonexistent' }).open(sealed)).rejects.toThrow();
  });

  it('generates its key into the data folder when SECRETS_KEY is unset', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'secret-box-'));
    const sealed = await new SecretBox({ dataDir: dir }).seal('pw');
    expect((await fs.stat(path.join(dir, 'secrets-key'))).mode & 0o777).toBe(0o600);
    await expect(new SecretBox({ dataDir: dir }).open(sealed)).resolves.toBe('pw');
    await fs.rm(dir, { recursive: true });
  });
});
