// Issue 40 item 4: one download module. Every file the SDK saves goes through one saver
// (saveFile, file-saver), its CSV text through one writer (./csv.ts over contract/csv.ts) and its
// names through one slug; no other SDK module saves files or writes CSV itself.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { clearLayerUrl, downloadCsv, downloadVideoVisual, fileSlug, setCsvSaver, setDownloadAlert, visualFileName } from './download';
import { toCsv } from './csv';
import { saveRows } from '../batches/download';
import { csvFileName } from '../demographics/csv';

const sdkDir = path.join(process.cwd(), 'sdk');
function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$|test-utils\.ts$/.test(name)) out.push(path.relative(process.cwd(), p).split(path.sep).join('/'));
  }
  return out;
}
const importers = (pattern: RegExp) => sources(sdkDir).filter((f) => pattern.test(readFileSync(f, 'utf8')));

describe('one download module (sdk/core/download)', () => {
  afterEach(() => { setCsvSaver(); setDownloadAlert(); });

  it('is the only SDK module that saves files or writes CSV values', () => {
    expect(importers(/from 'file-saver'/)).toEqual(['sdk/core/download/download.ts']);
    // The one writer's functions (type imports of its cell type aside).
    expect(importers(/import \{[^}]*\b(toCsv|objectsToCsv)\b[^}]*\} from '[./]*contract\/csv'/)).toEqual(['sdk/core/download/csv.ts']);
    // Nothing reaches download code through a domain folder.
    expect(importers(/from '[./]*(core\/)?demographics\/download'|from '[./]*(core\/)?batches\/download'.*\b(setBatchCsvSaver|toCsv)\b/)).toEqual([]);
  });

  it('a report CSV and a batch CSV reach the same saver', async () => {
    const saved: { name: string; text: string }[] = [];
    setCsvSaver((blob, name) => void blob.text().then((text) => saved.push({ name, text })));
    setDownloadAlert(() => undefined);
    expect(downloadCsv(toCsv([['a', 'b'], [1, 2]]), 'report.csv')).toBe(true);
    saveRows([{ metric: 'Dwell, s', value: 1.234 }], ['metric', 'value'], 'key-feature-metrics-table');
    await new Promise((r) => setTimeout(r, 0));
    expect(saved).toEqual([
      { name: 'report.csv', text: 'a,b\r\n1,2' },
      { name: 'key-feature-metrics-table.csv', text: 'metric,value\r\nDwell s,1.23\r\n' },
    ]);
  });

  it('names every file with one slug', () => {
    expect(fileSlug('Spring Sale MPU 300x250')).toBe('spring-sale-mpu-300x250');
    expect(fileSlug('  Género / Âge! ')).toBe('genero-age');
    expect(visualFileName('Heatmap', 'Spring Sale MPU 300x250')).toBe('heatmap-spring-sale-mpu-300x250.png');
    expect(visualFileName('', '!!!')).toBe('visual.png');
    expect(csvFileName('Social grade')).toBe('participant-demographics-social-grade.csv');
  });
});

describe('a video stim\'s visual downloads with its frame (issue 37)', () => {
  afterEach(() => { setCsvSaver(); vi.unstubAllGlobals(); });

  it('asks the server for the clear layer (backdrop=none) after the signature', () => {
    expect(clearLayerUrl('/visuals/1/2/3/heatmap.png?expires=9&sig=ab')).toBe('/visuals/1/2/3/heatmap.png?expires=9&sig=ab&backdrop=none');
    expect(clearLayerUrl('/visuals/1/2/3/heatmap.png')).toBe('/visuals/1/2/3/heatmap.png?backdrop=none');
  });

  it('without a frame to draw (no decoder here) it saves the server\'s framed PNG instead, under the same name', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      const body = new Blob([url.includes('backdrop=none') ? 'layer' : 'framed'], { type: 'image/png' });
      return { ok: true, status: 200, blob: async () => body };
    });
    const saved: { name: string; text: string }[] = [];
    setCsvSaver((blob, name) => void blob.text().then((text) => saved.push({ name, text })));
    await downloadVideoVisual('/visuals/1/2/3/heatmap.png?sig=ab', '/files/spot.mp4', 'heatmap-spot.png');
    await new Promise((r) => setTimeout(r, 0));
    expect(asked[0]).toBe('/visuals/1/2/3/heatmap.png?sig=ab&backdrop=none');
    expect(saved).toEqual([{ name: 'heatmap-spot.png', text: 'framed' }]);
  });
});
