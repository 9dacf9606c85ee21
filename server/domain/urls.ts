// URL rules for addresses users give the product to send respondents to or to fetch (external and
// embedded pages, cache pages; the creation wizard reuses them). Spec document 2 §5: http, https or
// ftp only, and never a private, loopback or link-local address ('Please enter a valid URL').
// Pure: the DNS side of the check (a public name that resolves to a private address) is the
// fetcher's job (server/services/board-fetch.ts), which calls isPrivateAddress on every address.
import { BlockList, isIP } from 'node:net';

export const INVALID_URL_MESSAGE = 'Please enter a valid URL';
export const URL_MAX_LENGTH = 2048;
export const ALLOWED_PROTOCOLS = ['http:', 'https:', 'ftp:'] as const;

/**
 * ALLOW_PRIVATE_URLS=1 lets tests point at a page served on this machine. Test-only, off unless the
 * variable is exactly '1'; read on every call so a test can prove the default.
 */
export function privateUrlsAllowed(env: Record<string, string | undefined> = process.env): boolean {
  return env.ALLOW_PRIVATE_URLS === '1';
}

// Every range that is not the public internet (IANA special-purpose registries).
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16],
  ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7],
  ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, bits, 'ipv6');

/** IPv4-mapped / -compatible / NAT64 IPv6 addresses carry an IPv4 address in their last 32 bits. */
function embeddedIpv4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** True for any address that is not a public unicast one (private, loopback, link-local, …). */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return true; // not an address at all: never treat it as public
}

const LOCAL_NAMES = /(^|\.)(localhost|localdomain|local|internal|intranet|lan|home\.arpa|corp)$/i;
// Hostname labels: letters, digits and hyphens (IDNs arrive punycoded from URL()).
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

export interface UrlCheckOptions {
  /** Allow private and loopback hosts (tests; default privateUrlsAllowed()). */
  allowPrivate?: boolean;
  /** Protocols accepted (default http, https, ftp). */
  protocols?: readonly string[];
}

/**
 * The URL when it is an absolute http/https/ftp address of a public host, else null. A host given
 * as an IP literal (in any notation URL() understands: 0x7f.1, 2130706433, [::1]) is checked as an
 * address; a name must have a dot and a top-level label of letters, and may not be a local name.
 */
export function parsePublicUrl(input: string, opts: UrlCheckOptions = {}): URL | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!text || text.length > URL_MAX_LENGTH || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const protocols = opts.protocols ?? ALLOWED_PROTOCOLS;
  if (!protocols.includes(url.protocol)) return null;
  // Only scheme://host…: "http:example.com" and "http:/x" are repaired by URL(), refuse them.
  if (!/^[a-z]+:\/\/[^/]/i.test(text)) return null;
  if (url.username || url.password) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (!host) return null;
  const allowPrivate = opts.allowPrivate ?? privateUrlsAllowed();
  if (isIP(host)) return allowPrivate || !isPrivateAddress(host) ? url : null;
  const labels = host.split('.');
  if (!labels.every((l) => LABEL.test(l))) return null;
  if (allowPrivate) return url;
  if (labels.length < 2 || !/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i.test(labels[labels.length - 1])) return null;
  if (LOCAL_NAMES.test(host)) return null;
  return url;
}

/** Whether the URL passes the rules above (the form and the server say 'Please enter a valid URL'). */
export const isValidPublicUrl = (input: string, opts?: UrlCheckOptions): boolean => parsePublicUrl(input, opts) !== null;
