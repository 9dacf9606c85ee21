// Password hashing with scrypt. A hash carries its parameters:
//   scrypt$ln=17,r=8,p=1$<salt hex>$<hash hex>   (N = 2^ln; OWASP's recommendation, 128 MiB)
//   scrypt$<salt hex>$<hash hex>                  (before issue 36: N = 2^14, r 8, p 1)
// Both verify; sign-in redoes a hash whose parameters differ from the configured ones.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (pw: string, salt: Buffer, keylen: number, opts: ScryptOptions) => new Promise<Buffer>((resolve, reject) => {
  scryptCb(pw, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
});
const KEYLEN = 32;
const R = 8;
const P = 1;
/** The parameters of hashes written before they were stored with the hash. */
const LEGACY_LOG_N = 14;
/** The default cost (config.ts SCRYPT_LOG_N). */
export const DEFAULT_LOG_N = 17;

export interface ScryptParams { logN: number; r: number; p: number }

/**
 * scrypt needs 128 · N · r bytes (128 MiB at N = 2^17); node refuses more than maxmem (32 MiB by
 * default), so allow the need plus slack. At most MAX_CONCURRENT_HASHES run at once per process,
 * so a burst of sign-ins costs at most that many times the memory (and leaves the other libuv
 * threads to file and compression work); the others wait their turn.
 */
export const MAX_CONCURRENT_HASHES = 2;
const memoryOf = ({ logN, r }: ScryptParams) => 128 * 2 ** logN * r;

let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
  return limited(() => scrypt(password, salt, keylen, {
    N: 2 ** params.logN, r: params.r, p: params.p, maxmem: memoryOf(params) + 32 * 1024 * 1024,
  }));
}

const paramsText = ({ logN, r, p }: ScryptParams) => `ln=${logN},r=${r},p=${p}`;

export async function hashPassword(password: string, logN = DEFAULT_LOG_N): Promise<string> {
  const params = { logN, r: R, p: P };
  const salt = randomBytes(16);
  const hash = await derive(password, salt, KEYLEN, params);
  return `scrypt$${paramsText(params)}$${salt.toString('hex')}$${hash.toString('hex')}`;
}

interface Parsed { params: ScryptParams; salt: Buffer; hash: Buffer }

const PARAMS = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})$/;

function parse(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return null;
  let params: ScryptParams;
  let saltHex: string;
  let hashHex: string;
  if (parts.length === 3) {
    params = { logN: LEGACY_LOG_N, r: R, p: P };
    [, saltHex, hashHex] = parts;
  } else if (parts.length === 4) {
    const m = PARAMS.exec(parts[1]);
    if (!m) return null;
    params = { logN: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
    [, , saltHex, hashHex] = parts;
  } else {
    return null;
  }
  // Bounds a stored hash cannot exceed (a corrupt row must not ask for gigabytes).
  if (params.logN < 10 || params.logN > 20 || params.r < 1 || params.r > 16 || params.p < 1 || params.p > 4) return null;
  if (!saltHex || !hashHex || !/^[0-9a-f]+$/i.test(saltHex) || !/^[0-9a-f]+$/i.test(hashHex)) return null;
  return { params, salt: Buffer.from(saltHex, 'hex'), hash: Buffer.from(hashHex, 'hex') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const actual = await derive(password, parsed.salt, parsed.hash.length, parsed.params);
  return timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash was made with other parameters than N = 2^logN, r 8, p 1 (redo it at the next sign-in). */
export function needsRehash(stored: string, logN = DEFAULT_LOG_N): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.logN !== logN || parsed.params.r !== R || parsed.params.p !== P;
}

/**
 * A hash no password matches, made with the given cost: compared against when the username is
 * unknown, so both cases cost one scrypt of the configured cost (no user enumeration by timing).
 */
export function unmatchableHash(logN = DEFAULT_LOG_N): string {
  return `scrypt$${paramsText({ logN, r: R, p: P })}$${'0'.repeat(32)}$${'0'.repeat(64)}`;
}
