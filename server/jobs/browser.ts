// The run-through's Chromium (issue 36): sandboxed, and with every request sent through the egress
// proxy (services/egress-proxy.ts). Chromium refuses its sandbox when started as root, so a server
// running as root starts it as an unprivileged user (CHROMIUM_USER, default nobody) through
// chromium-as-user.sh. CHROMIUM_SANDBOX=0 is the operator's explicit way to run without the
// sandbox where it cannot work (no user namespaces); a sandbox that does not start is never
// replaced by none silently. Either way the browser runs as that user when the server is root and
// every request still goes through the proxy.
import { fileURLToPath } from 'node:url';
import { accessSync, constants } from 'node:fs';
import type { Browser } from 'playwright-core';

export function chromiumPath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

/** Why Chromium cannot run, or null when the executable is there. */
export function chromiumMissing(path = chromiumPath()): string | null {
  try {
    accessSync(path, constants.X_OK);
    return null;
  } catch {
    return `No Chromium to run the study in: ${path} (CHROME_PATH) is missing or not executable`;
  }
}

export interface BrowserSetup {
  /** Whether Chromium's sandbox is on (CHROMIUM_SANDBOX=0 turns it off). */
  sandbox: boolean;
  /** The user Chromium runs as when the server runs as root; null when it runs as the server's user. */
  user: string | null;
}

/** What the launch will do in this environment (env and the server's user). */
export function browserSetup(env: Record<string, string | undefined> = process.env, uid = process.getuid?.() ?? -1): BrowserSetup {
  return { sandbox: env.CHROMIUM_SANDBOX !== '0', user: uid === 0 ? (env.CHROMIUM_USER || 'nobody') : null };
}

/**
 * Chromium's switches besides the proxy: every request through it, loopback included (Chromium
 * skips the proxy for loopback unless told); no name resolution of its own (the proxy resolves and
 * checks); WebRTC without UDP that bypasses the proxy; no QUIC.
 */
export function proxyArgs(proxyUrl: string): string[] {
  return [
    `--proxy-server=${proxyUrl}`,
    '--proxy-bypass-list=<-loopback>',
    `--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE ${new URL(proxyUrl).hostname}`,
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--disable-quic',
    // Chromium's own traffic (updates, sign-in, pings) is none of the study's.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-domain-reliability',
    '--no-pings',
  ];
}

/** The why of a launch failure, one line. */
function launchFailure(err: unknown, setup: BrowserSetup): string {
  const first = ((err as Error)?.message ?? String(err)).split('\n').find((l) => l.trim()) ?? 'unknown error';
  const sandboxHint = setup.sandbox ? ' (with its sandbox; CHROMIUM_SANDBOX=0 runs it without, see docs/operations.md)' : '';
  return `Chromium did not start${sandboxHint}: ${first.slice(0, 300)}`;
}

/** Starts Chromium for a run-through; throws an Error whose message says why it did not start. */
export async function launchRunThroughBrowser(proxyUrl: string, setup = browserSetup()): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const binary = chromiumPath();
  // Chromium gets none of the server's environment (DATABASE_URL, URL_SECRET, …).
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', TZ: 'UTC', HOME: process.env.HOME ?? '/tmp' };
  if (setup.user) Object.assign(env, { GAZEBOARD_CHROMIUM: binary, GAZEBOARD_CHROMIUM_USER: setup.user });
  try {
    return await chromium.launch({
      executablePath: setup.user ? fileURLToPath(new URL('./chromium-as-user.sh', import.meta.url)) : binary,
      chromiumSandbox: setup.sandbox,
      args: proxyArgs(proxyUrl),
      env,
    });
  } catch (err) {
    throw new Error(launchFailure(err, setup), { cause: err });
  }
}
