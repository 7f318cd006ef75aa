import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type AddressRefusal, WebhookAddressError } from './types';

/** IPv4 ranges a webhook never calls: this network, private, CGNAT, loopback, link-local, special, test, multicast, reserved. */
const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const v4ToInt = (ip: string) => ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);

function v4Blocked(ip: string): boolean {
  const n = v4ToInt(ip);
  return V4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    return n >= start && n < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = v4ToInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === null ? [] : new Array(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((g) => Number.parseInt(g || '0', 16));
}

function v6Blocked(ip: string): boolean {
  const g = v6Groups(ip);
  const embeddedV4 = () => `${g[6] >> 8}.${g[6] & 0xff}.${g[7] >> 8}.${g[7] & 0xff}`;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible, deprecated): the IPv4 address decides.
  if (zeroUpTo(5) && g[5] === 0xffff) return v4Blocked(embeddedV4());
  if (zeroUpTo(6)) return true; // ::, ::1 and the deprecated IPv4-compatible range
  // 64:ff9b::/96 (NAT64): the IPv4 address it translates to decides.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Blocked(embeddedV4());
  if ((g[0] & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g[0] & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g[0] & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return true; // documentation
  if (g[0] === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return true; // 100::/64 discard
  return false;
}

/** Whether a webhook may not call this IP address (v4 or v6). */
export function isBlockedAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return v4Blocked(ip);
  if (family === 6) return v6Blocked(ip);
  return true;
}

/** How a host name becomes addresses (the system's resolver unless a test gives another). */
export type Resolve = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

export type ResolvedTarget = { url: URL; host: string; address: string; family: 4 | 6 };

const refuse = (reason: AddressRefusal, message: string) => new WebhookAddressError(reason, message);

/** Parses and checks the URL's scheme (https only unless private addresses are allowed, then http too). */
export function parseTarget(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('invalid', 'not a URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw refuse('scheme', `the scheme ${url.protocol} is not allowed`);
  if (url.username || url.password) throw refuse('invalid', 'credentials in the URL are not allowed');
  return url;
}

/**
 * Resolves the URL's host and checks EVERY address it resolves to (a name that answers one public and one private
 * address is refused); answers the first, which the connection then uses as it is (pinned).
 */
export async function resolveTarget(
  raw: string,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
): Promise<ResolvedTarget> {
  const url = parseTarget(raw, allowPrivate);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw refuse('unresolved', `${host} could not be resolved`);
    }
  }
  if (!addresses.length) throw refuse('unresolved', `${host} could not be resolved`);
  if (!allowPrivate) {
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) throw refuse('private', `${host} resolves to a private address (${blocked.address})`);
  }
  const first = addresses[0];
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
}
