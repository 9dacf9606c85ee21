// Compact storage of gaze: little-endian Float32 tuples in one bytea per exposure, so 15 M samples
// are 50,000 rows rather than 15 M.

const LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function packFloat32(values: ArrayLike<number>): Buffer {
  if (LE) {
    const f = Float32Array.from(values as ArrayLike<number>);
    return Buffer.from(f.buffer, f.byteOffset, f.byteLength);
  }
  const buf = Buffer.allocUnsafe(values.length * 4);
  for (let i = 0; i < values.length; i++) buf.writeFloatLE(values[i], i * 4);
  return buf;
}

export function unpackFloat32(bytes: Uint8Array): Float32Array {
  const n = Math.floor(bytes.byteLength / 4);
  if (LE && bytes.byteOffset % 4 === 0) return new Float32Array(bytes.buffer, bytes.byteOffset, n);
  const out = new Float32Array(n);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < n; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** Gaze samples [[t, x, y], …] → flat triples. */
export function flattenSamples(samples: readonly (readonly number[])[]): Float64Array {
  const out = new Float64Array(samples.length * 3);
  for (let i = 0; i < samples.length; i++) {
    out[i * 3] = samples[i][0];
    out[i * 3 + 1] = samples[i][1];
    out[i * 3 + 2] = samples[i][2];
  }
  return out;
}
