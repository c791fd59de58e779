import dns from 'node:dns/promises';
import net from 'node:net';
import { badInput } from '../../platform/errors/app-error.js';

export const DELIVERY_PROTOCOLS = ['sftp', 'ftps', 'ftp'] as const;
export type DeliveryProtocol = (typeof DELIVERY_PROTOCOLS)[number];

export const DELIVERY_AGENCIES = ['adobe', 'shutterstock', 'pond5', 'custom'] as const;
export type DeliveryAgency = (typeof DELIVERY_AGENCIES)[number];

export interface AgencyHost {
  agency: Exclude<DeliveryAgency, 'custom'>;
  name: string;
  protocol: DeliveryProtocol;
  host: string;
  port: number;
  /** Where the contributor uploads the metadata CSV after the files arrived. */
  csvUploadPage: string;
  /** The exports module's CSV for this agency (api/src/features/exports/csv-formats.ts). */
  csvFormat: 'adobe' | 'shutterstock' | 'pond5';
  /** What the agency takes over this endpoint. */
  takes: { videos: boolean; stills: boolean };
  /** Where the endpoint is published; correct a row here when an agency moves its server. */
  source: string;
}

/**
 * The agencies' contributor upload endpoints, the one list connections may target (plus
 * DELIVERY_EXTRA_HOSTS). Each row cites where its agency publishes it (`source`); the Shutterstock and
 * Pond5 host names are those of issue 19 and their help pages, checked by hand, not by the tests:
 * - Adobe Stock: SFTP, sftp.contributor.adobestock.com:22; CSV on the contributor portal's Upload page.
 * - Shutterstock: FTPS with explicit TLS (AUTH TLS on port 21), ftps.shutterstock.com; CSV on the
 *   "Not submitted" portfolio page of submit.shutterstock.com.
 * - Pond5: FTP, ftp.pond5.com:21; CSV on the "Manage uploads" page.
 */
export const AGENCY_HOSTS: readonly AgencyHost[] = [
  {
    agency: 'adobe',
    name: 'Adobe Stock',
    protocol: 'sftp',
    host: 'sftp.contributor.adobestock.com',
    port: 22,
    csvUploadPage: 'https://contributor.stock.adobe.com/en/uploads',
    csvFormat: 'adobe',
    takes: { videos: true, stills: true },
    source: 'https://helpx.adobe.com/stock/contributor/help/uploading-content.html',
  },
  {
    agency: 'shutterstock',
    name: 'Shutterstock',
    protocol: 'ftps',
    host: 'ftps.shutterstock.com',
    port: 21,
    csvUploadPage: 'https://submit.shutterstock.com/portfolio/not_submitted/video',
    csvFormat: 'shutterstock',
    takes: { videos: true, stills: true },
    source: 'https://support.submit.shutterstock.com/s/article/How-do-I-upload-content-using-FTPS',
  },
  {
    agency: 'pond5',
    name: 'Pond5',
    protocol: 'ftp',
    host: 'ftp.pond5.com',
    port: 21,
    csvUploadPage: 'https://www.pond5.com/index.php?page=my_uploads',
    csvFormat: 'pond5',
    // Pond5 takes photos too, but a clip's still is its poster frame, not a separate sale there.
    takes: { videos: true, stills: false },
    source: 'https://help.pond5.com/hc/en-us/articles/360032420252-How-do-I-upload-via-FTP',
  },
];

export const agencyHost = (agency: DeliveryAgency): AgencyHost | undefined => AGENCY_HOSTS.find((a) => a.agency === agency);

/** DELIVERY_EXTRA_HOSTS: comma-separated host names or addresses, compared case-insensitively. */
export function parseExtraHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

const blocked = (ranges: Array<[string, number]>, family: 'ipv4' | 'ipv6'): net.BlockList => {
  const list = new net.BlockList();
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, family);
  return list;
};

/** IPv4: this network, private, CGNAT, loopback, link-local, IETF protocol assignments, benchmarking, multicast and reserved. */
const NON_PUBLIC_V4 = blocked(
  [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 3],
  ],
  'ipv4',
);

/**
 * IPv6 ranges refused whatever they hold: unspecified, loopback, unique-local, link-local, the old
 * site-local, multicast, discard-only, and the local-use NAT64 prefix (RFC 8215: a translator of the
 * operator's own network, whose IPv4 half may be anything).
 */
const NON_PUBLIC_V6 = blocked(
  [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
    ['100::', 64],
    ['64:ff9b:1::', 48],
  ],
  'ipv6',
);

/** The 16 bytes of an IPv6 address (a zone id dropped, a trailing dotted IPv4 part read), or null. */
export function ipv6Bytes(address: string): Uint8Array | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  if (net.isIPv6(text) === false) return null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, dotted.index) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const h = groups(head);
  const t = groups(tail);
  const all = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  if (all.length !== 8) return null;
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    const v = parseInt(g, 16);
    bytes[2 * i] = v >> 8;
    bytes[2 * i + 1] = v & 0xff;
  });
  return bytes;
}

const v4 = (b: Uint8Array, at: number, xor = 0) => [0, 1, 2, 3].map((i) => (b[at + i]! ^ xor).toString()).join('.');
const zero = (b: Uint8Array, from: number, to: number) => b.subarray(from, to).every((x) => x === 0);

/**
 * The IPv4 addresses an IPv6 address carries, by the forms that reach them: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64
 * (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32: the server, and the client's obfuscated one).
 */
export function embeddedIpv4(bytes: Uint8Array): string[] {
  const w = (i: number) => (bytes[i]! << 8) | bytes[i + 1]!;
  if (zero(bytes, 0, 10) && w(10) === 0xffff) return [v4(bytes, 12)];
  if (zero(bytes, 0, 12)) return [v4(bytes, 12)];
  if (zero(bytes, 0, 8) && w(8) === 0xffff && w(10) === 0) return [v4(bytes, 12)];
  if (w(0) === 0x64 && w(2) === 0xff9b && zero(bytes, 4, 12)) return [v4(bytes, 12)];
  if (w(0) === 0x2002) return [v4(bytes, 2)];
  if (w(0) === 0x2001 && w(2) === 0) return [v4(bytes, 4), v4(bytes, 12, 0xff)];
  return [];
}

/**
 * Loopback, link-local, private, unspecified, CGNAT, multicast and other non-public ranges, and
 * IPv6 forms that carry such an IPv4 address (issue 28 finding 8). Anything unreadable is non-public.
 */
export function isNonPublicAddress(address: string): boolean {
  const v = net.isIP(address);
  if (v === 4) return NON_PUBLIC_V4.check(address, 'ipv4');
  if (v === 6) {
    const bytes = ipv6Bytes(address);
    if (!bytes) return true;
    const canonical = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16)).join(':');
    if (NON_PUBLIC_V6.check(canonical, 'ipv6')) return true;
    return embeddedIpv4(bytes).some((a) => NON_PUBLIC_V4.check(a, 'ipv4'));
  }
  return true;
}

export type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;
const systemLookup: Lookup = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * Where a connection may go: the host must be in the agency table or in DELIVERY_EXTRA_HOSTS; it
 * is resolved here and every address checked (a public name pointing at a private address is
 * refused), and the address returned is the one to connect to, so a second lookup cannot swap it.
 */
export async function resolveDeliveryHost(host: string, extraHosts: readonly string[], lookup: Lookup = systemLookup): Promise<string> {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  const listed = (h: string) => extraHosts.includes(h.toLowerCase());
  if (!name) throw badInput('host is required');
  if (!AGENCY_HOSTS.some((a) => a.host === name) && !listed(name))
    throw badInput(
      `Host ${host} is not an agency upload host (${AGENCY_HOSTS.map((a) => a.host).join(', ')}); an administrator can allow it in DELIVERY_EXTRA_HOSTS`,
    );
  let addresses: Array<{ address: string }>;
  if (net.isIP(name)) addresses = [{ address: name }];
  else {
    try {
      addresses = await lookup(name);
    } catch (err) {
      throw new DeliveryHostError('dns', `DNS: ${host} could not be resolved (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  if (addresses.length === 0) throw new DeliveryHostError('dns', `DNS: ${host} has no address`);
  for (const { address } of addresses) {
    if (isNonPublicAddress(address) && !listed(name) && !listed(address))
      throw badInput(`Host ${host} resolves to ${address}, a private, loopback or link-local address; list it in DELIVERY_EXTRA_HOSTS to allow it`);
  }
  return addresses[0]!.address;
}

/** A failure reaching a remote server, with a sentence for the user; `kind` names the failure. */
export class DeliveryHostError extends Error {
  constructor(
    readonly kind: 'dns' | 'refused' | 'tls' | 'login' | 'permission' | 'hostkey' | 'timeout' | 'secret' | 'size' | 'other',
    message: string,
  ) {
    super(message);
  }
}
