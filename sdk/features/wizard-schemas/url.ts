// The wizard's URL rule, shared by every kind's schema (schemas.ts, quick-embedded.ts).

/** http(s), a public-looking host (a dot and a letters TLD, or an IP), no spaces: 'Must be a valid URL'. */
export function isWebUrl(s: string): boolean {
  const t = s.trim();
  if (!t || /\s/.test(t) || !/^https?:\/\/[^/]/i.test(t)) return false;
  try {
    const u = new URL(t);
    if (u.username || u.password) return false;
    const host = u.hostname.replace(/^\[|\]$/g, '');
    if (/^[\d.]+$/.test(host) || host.includes(':')) return true;
    const labels = host.split('.');
    return labels.length >= 2 && /^(?:[a-z]{2,63}|xn--[a-z0-9-]+)$/i.test(labels[labels.length - 1]) && !/(^|\.)(localhost|local|internal)$/i.test(host);
  } catch {
    return false;
  }
}
