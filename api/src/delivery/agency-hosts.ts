import dns from 'node:dns/promises';
import net from 'node:net';
import { badInput } from '../errors/app-error.js';

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
  /** The exports module's CSV for this agency (api/src/exports/csv-formats.ts). */
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

/** Loopback, link-local, private, unspecified, CGNAT, multicast and other non-public ranges. */
export function isNonPublicAddress(address: string): boolean {
  const v = net.isIP(address);
  if (v === 4) {
    const [a, b] = address.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (v === 6) {
    const x = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(x);
    if (mapped) return isNonPublicAddress(mapped[1]!);
    return x === '::' || x === '::1' || /^f[cd]/.test(x) || /^fe[89ab]/.test(x) || /^ff/.test(x);
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
    readonly kind: 'dns' | 'refused' | 'tls' | 'login' | 'permission' | 'hostkey' | 'timeout' | 'secret' | 'other',
    message: string,
  ) {
    super(message);
  }
}
