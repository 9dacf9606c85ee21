// export-participants (issue 19, My Downloads): a whole study's participant data as one CSV in
// storage, stim by stim with progress on its download record. Idempotent: a retry writes the
// whole file again under the same key.
import { toCsv, type CsvCell } from '../../contract/csv.js';
import { defineJob } from './define.js';
import { downloadById, updateDownload } from '../repositories/my-reports.js';
import { participantRows, studyStims } from '../repositories/reports.js';

export interface ExportParticipantsData {
  downloadId: number;
  studyId: number;
}

export const exportKey = (companyId: number, downloadId: number) => `c/${companyId}/exports/participants-${downloadId}.csv`;

/** A value of a participant row as a cell of the one CSV writer (arrays and objects as JSON). */
const cell = (v: unknown): CsvCell => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v as CsvCell);

export const exportParticipantsJob = defineJob<ExportParticipantsData>('export-participants', async (ctx) => {
  const record = await downloadById(ctx.db, ctx.data.downloadId);
  if (!record || record.studyId !== ctx.data.studyId) return { status: 'gone' };
  if (!ctx.storage) throw new Error('The job queue was started without storage');
  try {
    await updateDownload(ctx.db, record.id, { status: 'running', progress: 0 });
    const stims = await studyStims(ctx.db, ctx.data.studyId);
    await ctx.setProgress({ done: 0, total: stims.length, message: `${stims.length} stims` });
    const rows: CsvCell[][] = [];
    let header: string[] | null = null;
    let lastStored = 0;
    for (const [i, stim] of stims.entries()) {
      if (ctx.signal.aborted) throw new Error('stopped');
      for (const row of await participantRows(ctx.db, ctx.data.studyId, stim.stepId, stim.stimId, {}, false)) {
        const full: Record<string, unknown> = { cell_id: stim.cellId, cell_name: stim.cellName, step_id: stim.stepId, stim_id: stim.stimId, stim_name: stim.name, ...row };
        header ??= Object.keys(full);
        rows.push(header.map((k) => cell(full[k])));
      }
      const progress = Math.min(99, Math.floor(((i + 1) / stims.length) * 100));
      // Every tenth of the way, not every stim: the list polls, it does not need each step.
      if (Math.floor(progress / 10) > Math.floor(lastStored / 10)) {
        await updateDownload(ctx.db, record.id, { progress });
        await ctx.setProgress({ done: i + 1 });
        lastStored = progress;
      }
    }
    const csv = Buffer.from(toCsv([header ?? ['participant_reference'], ...rows]), 'utf8');
    const key = exportKey(ctx.companyId, record.id);
    await ctx.storage.put(key, csv, 'text/csv; charset=utf-8');
    await updateDownload(ctx.db, record.id, { status: 'done', progress: 100, sizeBytes: csv.length, storageKey: key });
    return { status: 'done', bytes: csv.length, rows: rows.length };
  } catch (err) {
    if (ctx.signal.aborted || ctx.attempt <= 2) throw err;
    await updateDownload(ctx.db, record.id, { status: 'failed', error: 'The export could not be written' });
    return { status: 'failed' };
  }
}, { retryLimit: 2, retryDelay: 5, expireInSeconds: 3600 });
