// Issue 38: the batch per-stim "Download Stim Data" (batch-stim-data) holds the stim's metrics and
// its norm, not the participant rows "Download Participant Data" already saves.
import { afterEach, describe, expect, it } from 'vitest';
import { stubHttp } from '../api/test-transport';
import { setTransport } from '../api/client';
import { BATCH_FILES, downloadBatch } from './download';
import { setCsvSaver } from '../download/download';

const metrics = (v: number) => ({
  panelist_viewable_script_percent: null, avg_page_dwell_time: v, panelist_viewable_percent: 90, avg_stim_viewable_time: 2.5,
  panelist_viewed_percent: 61.234, avg_stim_dwell_time: 1.5, attention_per_1000_impressions: 400, avg_time_to_first_view: 0.8,
  percent_viewable: 88, avg_viewed_time: 2,
});
const stim = (id: number, name: string) => ({
  stim_name: name, stim_type: 'image', stim_id: 500 + id, internal_step_id: 100 + id, internal_stim_id: id, identifier: `CR-${id}`,
  stim_width: 300, stim_height: 250, stim_data: { ...metrics(10), base_size: 40 }, norm_data: { ...metrics(12), norm_size: 17 }, feature_data: [],
});

afterEach(() => { setCsvSaver(); setTransport(); });

describe('batch per-stim Download Stim Data', () => {
  it('saves batch-stim-data.csv with the chosen stim\'s metrics and norms, from /batch/report-data', async () => {
    const http = stubHttp((req) => (req.url.endsWith('/batch/report-data')
      ? { data: { success: true, internal_batch_id: 'AB-9', internal_vendor_id: 'V-1', batch_id: 'B', data: [stim(1, 'Stim, one'), stim(2, 'Stim two')] } }
      : { status: 500, data: {} }));
    const saved: { name: string; text: string }[] = [];
    setCsvSaver((blob, name) => void blob.text().then((text) => saved.push({ name, text })));
    const ok = await downloadBatch({ apiBase: '/v1.0', token: 't' } as never, 'stim', { internal_batch_id: 'AB-9', internal_vendor_id: 'V-1' }, { internal_stim_id: 1, internal_step_id: 101 });
    expect(ok).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(http.requests.map((r) => r.url)).toEqual(['/v1.0/batch/report-data']);
    expect(saved[0].name).toBe(`${BATCH_FILES.stim}.csv`);
    const [header, row, ...rest] = saved[0].text.split('\r\n');
    expect(rest).toEqual(['']);
    expect(header.split(',').slice(0, 6)).toEqual(['identifier', 'stim_name', 'stim_type', 'base_size', 'panelist_viewable_script_percent', 'avg_page_dwell_time']);
    expect(header).toContain('norm_size,norm_panelist_viewable_script_percent');
    expect(header).not.toContain('participant_reference');
    const cells = Object.fromEntries(header.split(',').map((h, i) => [h, row.split(',')[i]]));
    expect(cells).toMatchObject({ identifier: 'CR-1', stim_name: 'Stim one', base_size: '40', avg_page_dwell_time: '10', panelist_viewed_percent: '61.23', norm_avg_page_dwell_time: '12', norm_size: '17' });
  });
});
