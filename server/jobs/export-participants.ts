// export-participants (issue 19, My Downloads): a whole study's participant data as one CSV in
// storage, stim by stim with progress on its download record. Idempotent: a retry writes the
// whole file again under the same key.
import { defineJob } from './define.js';
import { downloadById, updateDownload } from '../repositories/my-reports.js';
import { participantRows, studyStims } from '../repositories/reports.js';

export interface ExportParticipantsData {
  downloadId: number;
  studyId: number;
}

export const exportKey = (companyId: number, downloadId: number) => `c/${companyId}/exports/participants-${downloadId}.csv`;

const cell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const exportParticipantsJob = defineJob<ExportParticipantsData>('export-participants', async (ctx) => {
  const record = await downloadById(ctx.db, ctx.data.downloadId);
  if (!record || record.studyId !== ctx.data.studyId) return { status: 'gone' };
  if (!ctx.storage) throw new Error('The job queue was started without storage');
  try {
    await updateDownload(ctx.db, record.id, { status: 'running', progress: 0 });
    const stims = await studyStims(ctx.db, ctx.data.studyId);
    await ctx.setProgress({ done: 0, total: stims.length, message: `${stims.length} stims` });
    const lines: string[] = [];
    let header: string[] | null = null;
    let lastStored = 0;
    for (const [i, stim] of stims.entries()) {
      if (ctx.signal.aborted) throw new Error('stopped');
      for (const row of await participantRows(ctx.db, ctx.data.studyId, stim.stepId, stim.stimId, {}, false)) {
        const full: Record<string, unknown> = { cell_id: stim.cellId, cell_name: stim.cellName, step_id: stim.stepId, stim_id: stim.stimId, stim_name: stim.name, ...row };
        header ??= Object.keys(full);
        lines.push(header.map((k) => cell(full[k])).join(','));
      }
      const progress = Math.min(99, Math.floor(((i + 1) / stims.length) * 100));
      // Every tenth of the way, not every stim: the list polls, it does not need each step.
      if (Math.floor(progress / 10) > Math.floor(lastStored / 10)) {
        await updateDownload(ctx.db, record.id, { progress });
        await ctx.setProgress({ done: i + 1 });
        lastStored = progress;
      }
    }
    const csv = Buffer.from([header?.join(',') ?? 'participant_reference', ...lines].join('\r\n') + '\r\n', 'utf8');
    const key = exportKey(ctx.companyId, record.id);
    await ctx.storage.put(key, csv, 'text/csv; charset=utf-8');
    await updateDownload(ctx.db, record.id, { status: 'done', progress: 100, sizeBytes: csv.length, storageKey: key });
    return { status: 'done', bytes: csv.length, rows: lines.length };
  } catch (err) {
    if (ctx.signal.aborted || ctx.attempt <= 2) throw err;
    await updateDownload(ctx.db, record.id, { status: 'failed', error: 'The export could not be written' });
    return { status: 'failed' };
  }
}, { retryLimit: 2, retryDelay: 5, expireInSeconds: 3600 });
