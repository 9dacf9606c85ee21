// The run-through's way out (issue 36): the automated run-through's Chromium sends every request
// of every page, frame and worker through this small in-process forward proxy (plain http and
// HTTP CONNECT for https, ws and wss), and the proxy connects only where the cache-page fetcher
// may: a public address (names resolved here, every answer checked, the connection made to the
// address that was checked, redirects arriving as new requests and checked again), plus this
// server's own origins, exactly host and port (the test link's and the files origin's: the runner
// and its previews live there). Request interception in the page misses workers, WebSockets and
// redirect hops; a proxy sees them all. What it refuses is reported (onRefused), never silent.
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { isPrivateAddress, parsePublicUrl, privateUrlsAllowed } from '../domain/urls.js';
import { allowedAddresses, FetchRefused, systemResolve, type Resolver } from './board-fetch.js';

/** One refused connection: where to ('http://host:port/path' or 'host:port' for a tunnel) and why. */
export interface Refusal {
  target: string;
  reason: string;
}

export interface EgressProxyOptions {
  /** This server's origins (http://host:port), reachable whatever their address. */
  ownOrigins?: string[];
  /** Default privateUrlsAllowed() (ALLOW_PRIVATE_URLS=1, tests only). */
  allowPrivate?: boolean;
  /** Name resolution (default the system resolver). */
  resolve?: Resolver;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade'];
const REFUSED = 'Refused by the run-through address policy: only public addresses can be reached';

/** 'host:port' of an origin: lower-case host, IPv6 in brackets, the scheme's port when none is given. */
export function originKey(origin: string): string | null {
  try {
    const u = new URL(origin);
    const port = u.port || (u.protocol === 'https:' || u.protocol === 'wss:' ? '443' : '80');
    return `${u.hostname.toLowerCase().replace(/\.$/, '')}:${port}`;
  } catch {
    return null;
  }
}

function stripHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  const named = String(headers.connection ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.includes(k) && !named.includes(k)) out[k] = v;
  return out;
}

export class EgressProxy {
  /** Receives every refusal; the run-through points it at the cell being played. */
  onRefused: (r: Refusal) => void = () => {};
  private readonly own: Set<string>;
  private readonly allowPrivate: boolean;
  private readonly resolve: Resolver;
  private readonly sockets = new Set<Duplex>();
  private readonly server: http.Server;
  private port = 0;

  private constructor(opts: EgressProxyOptions) {
    this.own = new Set((opts.ownOrigins ?? []).map(originKey).filter((k): k is string => !!k));
    this.allowPrivate = opts.allowPrivate ?? privateUrlsAllowed();
    this.resolve = opts.resolve ?? systemResolve;
    this.server = http.createServer((req, res) => { void this.forward(req, res); });
    this.server.on('connect', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => { void this.tunnel(req, socket, head); });
    this.server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => { void this.upgrade(req, socket, head); });
    this.server.on('connection', (s: net.Socket) => this.track(s));
  }

  /** Starts a proxy on a free loopback port. */
  static async start(opts: EgressProxyOptions = {}): Promise<EgressProxy> {
    const p = new EgressProxy(opts);
    await new Promise<void>((resolve, reject) => {
      p.server.once('error', reject);
      p.server.listen(0, '127.0.0.1', () => resolve());
    });
    p.port = (p.server.address() as net.AddressInfo).port;
    return p;
  }

  /** What Chromium's --proxy-server names. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(s: Duplex): void {
    this.sockets.add(s);
    s.on('close', () => this.sockets.delete(s));
    s.on('error', () => undefined);
  }

  /** Reports a refusal; a name that does not resolve is no refusal (nothing was there to reach). */
  private refuse(target: string, err: unknown): void {
    if (!(err instanceof FetchRefused)) return;
    const reason = err.message;
    try {
      this.onRefused({ target: target.slice(0, 300), reason });
    } catch { /* a recorder's failure never opens the door */ }
  }

  /**
   * The address to connect to for host:port, or FetchRefused. The same rules as the cache-page
   * fetcher (parsePublicUrl on the host, then every resolved address); an own origin is exempt.
   */
  private async destination(hostname: string, port: number): Promise<{ address: string; family: number }> {
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new FetchRefused('Not a valid port');
    const host = hostname.toLowerCase().replace(/\.$/, '');
    const bare = host.replace(/^\[|\]$/g, '');
    const literal = net.isIP(bare);
    const own = this.own.has(`${literal === 6 ? `[${bare}]` : bare}:${port}`);
    const allowed = (ip: string) => own || this.allowPrivate || !isPrivateAddress(ip);
    if (!own && !parsePublicUrl(`http://${literal === 6 ? `[${bare}]` : bare}:${port}/`, { allowPrivate: this.allowPrivate, protocols: ['http:'] })) {
      throw new FetchRefused(literal ? 'The address is private or local' : `${bare.slice(0, 100)} is not a public name`);
    }
    if (literal) {
      if (!allowed(bare)) throw new FetchRefused('The address is private or local');
      return { address: bare, family: literal };
    }
    const [first] = await allowedAddresses(bare, allowed, this.resolve);
    return { address: first.address, family: first.family };
  }

  /** Plain http: an absolute-form request, forwarded to the checked address. */
  private async forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('A proxy request needs an absolute URL');
      return;
    }
    const target = `${url.protocol}//${url.host}${url.pathname}`;
    let dest: { address: string; family: number };
    try {
      if (url.protocol !== 'http:') throw new FetchRefused('Only http and https can be reached');
      dest = await this.destination(url.hostname, Number(url.port || 80));
    } catch (err) {
      this.refuse(target, err);
      if (err instanceof FetchRefused) res.writeHead(403, { 'content-type': 'text/plain' }).end(REFUSED);
      else res.writeHead(502, { 'content-type': 'text/plain' }).end('The name could not be resolved');
      return;
    }
    const upstream = http.request({
      host: dest.address, family: dest.family, port: Number(url.port || 80), method: req.method,
      path: `${url.pathname}${url.search}`, headers: { ...stripHopByHop(req.headers), host: url.host }, setHost: false,
    }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.statusMessage, stripHopByHop(up.headers));
      up.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  }

  /** CONNECT host:port (https, and WebSockets, which Chromium tunnels): a raw tunnel to the checked address. */
  private async tunnel(req: http.IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    this.track(socket);
    const m = /^(\[[0-9a-fA-F:.]+\]|[^:\s/]+):(\d{1,5})$/.exec(req.url ?? '');
    let dest: { address: string; family: number };
    try {
      if (!m) throw new FetchRefused('Not a host and port');
      dest = await this.destination(m[1], Number(m[2]));
    } catch (err) {
      this.refuse(req.url ?? '', err);
      socket.end(`HTTP/1.1 ${err instanceof FetchRefused ? '403 Forbidden' : '502 Bad Gateway'}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      return;
    }
    this.pipeTo(socket, dest, Number(m![2]), 'HTTP/1.1 200 Connection Established\r\n\r\n', head);
  }

  /** An http Upgrade sent to the proxy in absolute form (ws:// without a tunnel). */
  private async upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    this.track(socket);
    let url: URL | null = null;
    let dest: { address: string; family: number };
    try {
      url = new URL(req.url ?? '');
      if (url.protocol !== 'http:' && url.protocol !== 'ws:') throw new FetchRefused('Only http and https can be reached');
      dest = await this.destination(url.hostname, Number(url.port || 80));
    } catch (err) {
      this.refuse(url ? `${url.protocol}//${url.host}${url.pathname}` : (req.url ?? ''), err instanceof TypeError ? new FetchRefused('Not an absolute URL') : err);
      socket.end(`HTTP/1.1 ${err instanceof FetchRefused || err instanceof TypeError ? '403 Forbidden' : '502 Bad Gateway'}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      return;
    }
    const headers = Object.entries(stripHopByHop(req.headers)).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`);
    const first = [`${req.method} ${url.pathname}${url.search} HTTP/1.1`, ...headers, 'connection: Upgrade', `upgrade: ${String(req.headers.upgrade ?? '')}`, '', ''].join('\r\n');
    this.pipeTo(socket, dest, Number(url.port || 80), null, Buffer.concat([Buffer.from(first), head]));
  }

  private pipeTo(socket: Duplex, dest: { address: string; family: number }, port: number, established: string | null, head: Buffer): void {
    const upstream = net.connect({ host: dest.address, family: dest.family, port });
    this.track(upstream);
    let open = false;
    upstream.once('connect', () => {
      open = true;
      if (established) socket.write(established);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => {
      if (!open) socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      else socket.destroy();
    });
    upstream.on('close', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  }
}
