// The study-creation wizard's URL rule (spec D3 §5 'Must be a valid URL'), one function for the
// form (sdk/features/wizard-schemas) and the server (server/routes/study-create/rules.ts), so a URL
// the form accepts is never refused at Create (issue 38: an IP host passed every step and failed
// only on the Review page). Pure and browser-safe: no node:net; URL() normalises every IPv4
// notation (0x7f.1, 2130706433) to dotted quads and IPv6 to its compressed form, checked here.
// server/domain/urls.ts keeps the same rule for the board's fetcher (with ftp), where the DNS
// side is also checked.

export const WEB_URL_MAX_LENGTH = 2048;
export const WEB_URL_HINT = 'A full public address: http:// or https://, then a domain such as example.com (no local or private addresses).';

// Every IPv4 range that is not the public internet (IANA special-purpose registry).
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16],
  ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];

function v4Number(ip: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0] << 24) >>> 0) + (parts[1] << 16) + (parts[2] << 8) + parts[3];
}

function v4Private(ip: string): boolean {
  const n = v4Number(ip);
  if (n === null) return true;
  return V4_BLOCKED.some(([net, bits]) => {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return ((n & mask) >>> 0) === ((v4Number(net)! & mask) >>> 0);
  });
}

/** The 8 groups of an IPv6 address (as URL() prints it), or null. */
function v6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const n = v4Number(tail[1]);
    if (n === null) return null;
    text = `${text.slice(0, -tail[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function v6Private(ip: string): boolean {
  const g = v6Groups(ip);
  if (!g) return true;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  const asV4 = () => `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  // IPv4-mapped (::ffff:a.b.c.d), -compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (zeroUpTo(5) && g[5] === 0xffff) return v4Private(asV4());
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Private(asV4());
  if (zeroUpTo(6)) return true; // ::, ::1 and the deprecated compatible form
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return true; // 64:ff9b:1::/48
  if (g[0] === 0x100 && g.slice(1, 4).every((x) => x === 0)) return true; // 100::/64
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true; // documentation
  if ((g[0] & 0xfe00) === 0xfc00) return true; // unique local
  if ((g[0] & 0xffc0) === 0xfe80 || (g[0] & 0xffc0) === 0xfec0) return true; // link-local, site-local
  if ((g[0] & 0xff00) === 0xff00) return true; // multicast
  return false;
}

const LOCAL_NAMES = /(^|\.)(localhost|localdomain|local|internal|intranet|lan|home\.arpa|corp)$/i;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/**
 * Whether a URL is an absolute http(s) address of a public host: no spaces, no credentials; an IP
 * host (any notation) must be a public address; a name needs a dot, a letters top-level label and
 * no local suffix. allowPrivate (the server's test-only ALLOW_PRIVATE_URLS) lifts the host rules.
 */
export function isPublicWebUrl(input: string, opts: { allowPrivate?: boolean } = {}): boolean {
  if (typeof input !== 'string') return false;
  const text = input.trim();
  if (!text || text.length > WEB_URL_MAX_LENGTH || /\s/.test(text)) return false;
  if (!/^https?:\/\/[^/]/i.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const bracketed = url.hostname.startsWith('[');
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (!host) return false;
  if (bracketed) return Boolean(opts.allowPrivate) || !v6Private(host);
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return Boolean(opts.allowPrivate) || !v4Private(host);
  const labels = host.split('.');
  if (!labels.every((l) => LABEL.test(l))) return false;
  if (opts.allowPrivate) return true;
  if (labels.length < 2 || !/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i.test(labels[labels.length - 1])) return false;
  return !LOCAL_NAMES.test(host);
}
