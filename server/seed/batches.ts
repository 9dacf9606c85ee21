// The vendor demo's batches of every stim kind (issue 18), added to the demo's eight image batches
// (seed/demo.ts): for each of the two vendors a batch whose discovered stims are a video (poster
// frame: the seed cannot encode video), a rich-media script, an image with areas of interest
// (feature data) and one without (none), and a batch file. Each batch is backed by a study with
// one cell and a stim step per batch stim (docs/metrics.md "Batches"); its respondents come from
// the seed-respondents job like every demo study's, through ingestSession — the real ingestion path.
import { toCsv } from '../../contract/csv.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { aoi, batch, batchStim, cell, company, step, stim, study, studyFile, vendor } from '../db/schema/index.js';
import { insertAll, insertOne } from '../repositories/seed.js';
import { recordFiles } from '../repositories/files.js';
import { day } from '../domain/random.js';
import type { Storage } from '../storage/index.js';
import { adAois, drawAd } from './images.js';

const COMPANY = 'adscope-partners';

interface DemoBatchStim {
  name: string;
  kind: 'i' | 'v' | 's';
  brand: string;
  width: number;
  height: number;
  /** Areas of interest drawn (feature data) or not. */
  aois: boolean;
  identifier: string;
  host: string;
}

interface DemoBatch {
  vendor: string;
  internalId: string;
  label: string;
  name: string | null;
  size: number;
  live: boolean;
  completed: boolean;
  start: Date;
  stims: DemoBatchStim[];
}

export const DEMO_BATCHES: DemoBatch[] = [
  {
    vendor: 'V-101', internalId: 'AB-2025-0009', label: 'ADS-1009', name: 'Rich media & video sweep — November', size: 450,
    live: true, completed: false, start: day('2025-11-03'),
    stims: [
      { name: 'Veloce Motors — Pre-roll 15s', kind: 'v', brand: 'Veloce Motors', width: 640, height: 360, aois: false, identifier: 'CR-9101', host: 'sportshub' },
      { name: 'Coinpath — Expandable billboard', kind: 's', brand: 'Coinpath', width: 970, height: 250, aois: false, identifier: 'CR-9102', host: 'dailycourier' },
      { name: 'Shopwise — MPU (new)', kind: 'i', brand: 'Shopwise', width: 300, height: 250, aois: true, identifier: 'CR-9103', host: 'techreview' },
      { name: 'Fizzwell — Half page', kind: 'i', brand: 'Fizzwell', width: 300, height: 600, aois: false, identifier: 'CR-9104', host: 'travelguide' },
    ],
  },
  {
    vendor: 'V-102', internalId: 'AB-2025-0010', label: 'ADS-1010', name: 'Social video audit — Q3', size: 600,
    live: false, completed: true, start: day('2025-08-04'),
    stims: [
      { name: 'Skylark Air — Story video', kind: 'v', brand: 'Skylark Air', width: 360, height: 640, aois: false, identifier: 'CR-9201', host: 'travelguide' },
      { name: 'Pixelcore — Leaderboard', kind: 'i', brand: 'Pixelcore', width: 728, height: 90, aois: true, identifier: 'CR-9202', host: 'techreview' },
      { name: 'Urban Threads — Interstitial', kind: 's', brand: 'Urban Threads', width: 300, height: 600, aois: false, identifier: 'CR-9203', host: 'dailycourier' },
      { name: 'Wanderstay — Skyscraper', kind: 'i', brand: 'Wanderstay', width: 160, height: 600, aois: false, identifier: 'CR-9204', host: 'sportshub' },
    ],
  },
];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function scriptTag(s: DemoBatchStim): string {
  return `<div class="gz-ad" style="width:${s.width}px;height:${s.height}px;background:#1d3557;color:#fff;font:bold 24px Arial,sans-serif;position:relative">`
    + `<span style="position:absolute;left:16px;top:16px">${s.brand}</span>`
    + '<span class="gz-cta" style="position:absolute;right:16px;bottom:16px;background:#e63946;padding:8px 14px">Learn more</span></div>';
}

/**
 * Adds the batches above to the seeded demo (call inside the demo's transaction): stims, backing
 * studies, batches, batch stims and files. Answers the backing studies, which get respondents.
 */
export async function seedBatchDemo(db: Db, storage: Storage): Promise<number[]> {
  const [co] = await db.select({ id: company.id }).from(company).where(eq(company.internalId, COMPANY)).limit(1);
  if (!co) return [];
  const studyIds: number[] = [];
  for (const b of DEMO_BATCHES) {
    const [v] = await db.select({ id: vendor.id }).from(vendor).where(and(eq(vendor.internalId, b.vendor), eq(vendor.companyId, co.id))).limit(1);
    if (!v) continue;
    const end = b.completed ? new Date(b.start.getTime() + 14 * 86_400_000) : null;
    const studyId = await insertOne(db, study, {
      companyId: co.id, name: `Batch ${b.label} — ${b.name ?? 'TBD'}`, studyTypeId: 1, mediaId: 1, environmentId: 1, languageId: 1,
      locationId: 1, phaseId: b.completed ? 5 : 3, live: b.live, completed: b.completed, allowStepEditing: false,
      participantsRequested: 60, dataCollectionStart: b.start, dataCollectionEnd: end,
      brief: 'In-the-wild measurement of ads discovered by the monitor.', methodology: 'Passive measurement of discovered creatives',
    });
    studyIds.push(studyId);
    const cellId = await insertOne(db, cell, { studyId, name: 'In the wild', shortName: 'WILD', position: 0 });
    const stimIds: number[] = [];
    const files = [];
    for (const s of b.stims) {
      let source: string | null = null;
      if (s.kind !== 's') {
        source = `c/${COMPANY}/batches/${slug(b.label)}/${slug(s.brand)}-${s.width}x${s.height}.png`;
        if (!(await storage.exists(source))) {
          await storage.put(source, (await drawAd({ brand: s.brand, width: s.width, height: s.height, cta: 'Learn more', video: s.kind === 'v' })).png, 'image/png');
        }
        files.push({ companyId: co.id, key: source, contentType: 'image/png', uploaded: true, meta: { demo: true } });
      }
      const stimId = await insertOne(db, stim, {
        companyId: co.id, studyId, name: s.name, stimType: s.kind, mediaId: 1, source, lowQualitySource: source,
        fileName: source?.split('/').pop() ?? null, tag: s.kind === 's' ? scriptTag(s) : null, width: s.width, height: s.height,
        durationMs: s.kind === 'v' ? 15000 : null, createdAt: b.start,
      });
      stimIds.push(stimId);
      if (s.aois) {
        await insertAll(db, aoi, adAois(s.width, s.height).map((a) => ({ stimId, tag: a.tag, shape: 'rect', x: a.x, y: a.y, width: a.width, height: a.height })));
      }
    }
    const stepIds = await insertAll(db, step, [
      { studyId, cellId, position: 0, stepType: 'calibration', name: 'Calibration' },
      ...b.stims.map((s, i) => ({
        studyId, cellId, position: i + 1, stepType: 'stim', name: s.name, stimId: stimIds[i],
        secondsBeforeShowNext: 5, secondsBeforeMoveNext: 10, nextTypeId: 1,
      })),
    ]);
    const batchId = await insertOne(db, batch, {
      companyId: co.id, vendorId: v.id, studyId, internalId: b.internalId, batchLabel: b.label, name: b.name,
      estimatedBatchSize: b.size, live: b.live, completed: b.completed, dataCollectionStart: b.start, dataCollectionEnd: end,
      reportGeneratedDate: end ? new Date(end.getTime() + 3 * 86_400_000) : null,
    });
    await insertAll(db, batchStim, b.stims.map((s, i) => ({
      batchId, stimId: stimIds[i], stepId: stepIds[i + 1], identifier: s.identifier,
      url: `https://www.${s.host}.example/articles/${9000 + i}`, externalSource: `https://ads.adserver.example/creative/${s.identifier.toLowerCase()}`,
      discoveredDate: new Date(b.start.getTime() + i * 86_400_000),
    })));
    // A batch file: the discovery log as CSV, behind a signed link.
    const key = `c/${COMPANY}/batches/${slug(b.label)}/discovery-log.csv`;
    const csv = toCsv([['identifier', 'name', 'page'], ...b.stims.map((s, i) => [s.identifier, s.name, `https://www.${s.host}.example/articles/${9000 + i}`])], { removeCommas: true, finalLineBreak: false });
    if (!(await storage.exists(key))) await storage.put(key, Buffer.from(csv), 'text/csv');
    files.push({ companyId: co.id, key, contentType: 'text/csv', uploaded: true, meta: { demo: true } });
    await recordFiles(db, files);
    await insertOne(db, studyFile, { studyId, name: `${b.label} discovery log`, description: 'Every creative the monitor discovered, with its page', type: 'csv', storageKey: key });
  }
  // The existing batches get a file too: the vendor's brief for the whole account.
  const backing = await db.select({ studyId: batch.studyId, label: batch.batchLabel }).from(batch)
    .where(and(eq(batch.companyId, co.id), sql`${batch.studyId} is not null`)).orderBy(batch.id).limit(1);
  if (backing[0]?.studyId) {
    await insertOne(db, studyFile, { studyId: backing[0].studyId, name: 'Monitoring methodology', description: 'How batches are discovered, sampled and measured', type: 'url', url: 'https://www.adscope.example/methodology' });
  }
  return studyIds;
}
