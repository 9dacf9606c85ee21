import { afterEach, describe, expect, it } from 'vitest';
import { downloadReport, downloadTable, featureTableCsv, kpiTableCsv, round2 } from './downloads';
import { downloadQuestionCsv } from './questions';
import { setCsvSaver, setDownloadAlert } from '../download/download';
import { setTransport } from '../api/client';
import type { FeatureAttentionResponse, OverallAttentionResponse } from '../api/reports';

const NORMS = { 1: 'Brand Norm', 2: 'Brand Category Norm', 3: 'Base Norm', 4: 'Ad Category Norm' };
const metrics = (v: number | null) => ({
  panelist_viewable_script_percent: v, avg_page_dwell_time: v, panelist_viewable_percent: v, avg_stim_viewable_time: v, panelist_viewed_percent: v,
  avg_stim_dwell_time: v, attention_per_1000_impressions: v, avg_time_to_first_view: v, percent_viewable: v, avg_viewed_time: v,
});

afterEach(() => { setCsvSaver(); setDownloadAlert(); setTransport(); });

describe('report table downloads (D3-269 D3-270 D3-271)', () => {
  it('D3-271 numbers to 2 decimals, none empty', () => {
    expect([round2(1.23456), round2(2.005), round2(-0.004), round2(null), round2(Number.NaN), round2(7)]).toEqual([1.23, 2.01, -0, '', '', 7]);
  });

  it('D3-270 kpi-attention-table-data: one line per stim and metric with its norm, base and set size; commas removed', () => {
    const data = {
      success: true, current_norm_type: 3, norm_types: NORMS,
      data: [{ stim_name: 'Big, Ad', stim_id: 101, cell_id: 1, step_id: 11, stim_data: { ...metrics(12.3456), base_size: 40 }, norm_data: { ...metrics(null), norm_size: 0 } }],
    } as unknown as OverallAttentionResponse;
    const lines = kpiTableCsv(data)!.split('\r\n');
    expect(lines[0]).toBe('cell_id,step_id,stim_id,stim_name,stim_label,metric,label,actual,norm,norm_type,base_size,norm_size');
    expect(lines[1]).toBe('1,11,101,Big Ad,Big Ad,panelist_viewable_percent,% Stim Viewable,12.35,,Base Norm,40,0');
    expect(lines).toHaveLength(9);
    expect(lines[8]).toBe('1,11,101,Big Ad,Big Ad,avg_time_to_first_view,Average time to first view (from the first viewable moment),12.35,,Base Norm,40,0');
    expect(kpiTableCsv({ ...data, data: [] })).toBeNull();
  });

  it('D3-270 D3-271 key-feature-metrics-table: one line per stim and feature, rounded; saved under its name, CRLF', async () => {
    const data = {
      success: true, current_norm_type: 1, norm_types: NORMS, feature_tag_list: ['Logo', 'CTA'],
      data: [{
        stim_name: 'Ad', stim_id: 5, cell_id: 2, step_id: 3,
        feature_data: { Logo: { avg_feature_dwell_time: 1.23456, panelist_viewed_percent: 33.3333, view_order: 1 } },
        norm_data: { Logo: { avg_feature_dwell_time: 0.5, panelist_viewed_percent: null, view_order: null, norm_size: 4 } },
      }],
    } as unknown as FeatureAttentionResponse;
    const saved: { name: string; text: string }[] = [];
    setCsvSaver((blob, name) => { void blob.text().then((text) => saved.push({ name, text })); });
    expect(downloadTable('key-feature-metrics-table', featureTableCsv(data))).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(saved[0].name).toBe('key-feature-metrics-table.csv');
    expect(saved[0].text.split('\r\n')).toEqual([
      'cell_id,step_id,stim_id,stim_name,stim_label,feature,avg_feature_dwell_time,panelist_viewed_percent,norm_avg_feature_dwell_time,norm_panelist_viewed_percent,norm_type,norm_size',
      '2,3,5,Ad,Ad,Logo,1.23,33.33,0.5,,Brand Norm,4',
      '2,3,5,Ad,Ad,CTA,,,,,Brand Norm,',
    ]);
  });

  it('issue 37 item 5: a placement shared by two cells is told apart in the CSV by its full label', () => {
    const row = (cell_id: number, stim_label: string) => ({
      stim_name: 'Leaderboard 728x90', stim_label, stim_id: 101, cell_id, step_id: cell_id * 10,
      stim_data: { ...metrics(1), base_size: 4 }, norm_data: { ...metrics(null), norm_size: 0 },
    });
    const data = { success: true, current_norm_type: 1, norm_types: NORMS, data: [row(1, 'Leaderboard 728x90 · Test'), row(2, 'Leaderboard 728x90 · Control')] } as unknown as OverallAttentionResponse;
    const lines = kpiTableCsv(data)!.split('\r\n');
    expect(lines[1].split(',').slice(0, 5)).toEqual(['1', '10', '101', 'Leaderboard 728x90', 'Leaderboard 728x90 · Test']);
    expect(lines[9].split(',').slice(0, 5)).toEqual(['2', '20', '101', 'Leaderboard 728x90', 'Leaderboard 728x90 · Control']);
    // The report's own labeller (the tree's) wins over the answer's.
    expect(kpiTableCsv(data, (d) => `#${d.cell_id}`)!.split('\r\n')[1].split(',')[4]).toBe('#1');
  });

  it('issue 39: a tag the stim has no AOI of, answered as nulls (norm_size 0), gives the same line as when it was left out', () => {
    const absent = { avg_feature_dwell_time: null, panelist_viewed_percent: null, view_order: null, avg_stim_dwell_time: null };
    const data = {
      success: true, current_norm_type: 1, norm_types: NORMS, feature_tag_list: ['Logo', 'CTA'],
      data: [{
        stim_name: 'Ad', stim_id: 5, cell_id: 2, step_id: 3,
        feature_data: { Logo: { avg_feature_dwell_time: 1.23456, panelist_viewed_percent: 33.3333, view_order: 1, avg_stim_dwell_time: 1.23456 }, CTA: absent },
        norm_data: { Logo: { avg_feature_dwell_time: 0.5, panelist_viewed_percent: null, view_order: null, norm_size: 4, avg_stim_dwell_time: 0.5 }, CTA: { ...absent, norm_size: 0 } },
      }],
    } as unknown as FeatureAttentionResponse;
    expect(featureTableCsv(data)!.split('\r\n').slice(1)).toEqual(['2,3,5,Ad,Ad,Logo,1.23,33.33,0.5,,Brand Norm,4', '2,3,5,Ad,Ad,CTA,,,,,Brand Norm,']);
  });

  it('resolution 8: an empty table alerts "No Data to download" and saves nothing', () => {
    const alerts: string[] = [];
    setDownloadAlert((m) => alerts.push(m));
    setCsvSaver(() => { throw new Error('must not save'); });
    expect(downloadTable('kpi-attention-table-data', null)).toBe(false);
    expect(alerts).toEqual(['No Data to download']);
  });
});

/** Answers every request with `answer(url)` and keeps what was sent. */
function stubApi(answer: (url: string) => unknown) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  setTransport(async (req) => {
    const url = req.url.replace(/^.*\/v1\.0/, '');
    sent.push({ method: req.method, url, body: req.body ? JSON.parse(req.body as string) : undefined });
    return { data: answer(url), status: 200 };
  });
  return sent;
}
const until = async (probe: () => boolean) => {
  for (let i = 0; i < 200 && !probe(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(probe()).toBe(true);
};

describe('issue 15: every report download is listed in My Downloads', () => {
  const api = { apiBase: '/v1.0', token: 'T', companyId: null };

  it('a table download posts its record (name, kind, study, size)', async () => {
    const sent = stubApi(() => ({ success: true }));
    setCsvSaver(() => {});
    expect(downloadTable('kpi-attention-table-data', 'a,b\r\n1,2', { api, studyId: 9 })).toBe(true);
    await until(() => sent.length === 1);
    expect(sent[0]).toEqual({ method: 'POST', url: '/downloads', body: { name: 'kpi-attention-table-data.csv', kind: 'csv', study_id: 9, size: 8 } });
  });

  it('the question participant CSV posts its record under the study', async () => {
    const participant = {
      success: true,
      data: { data: { answers: ['Yes', 'No'], name: 'Seen it?', short_name: 'Seen', question_id: 3, participant_answer_data: [{ participant_reference: 'p1', answer_data: [{ text: 'Yes' }] }] } },
    };
    const sent = stubApi((url) => (url.includes('/participant') ? participant : { success: true }));
    const saved: { name: string; text: string }[] = [];
    setCsvSaver((blob, name) => { void blob.text().then((text) => saved.push({ name, text })); });
    expect(await downloadQuestionCsv(api, { studyId: 12, system: 'lu', questionId: 3, limit: true })).toBe(true);
    await until(() => sent.length === 2 && saved.length === 1);
    const text = 'participant_reference,question,question_short_name,question_id,answer_options,question_answer_1\r\np1,Seen it?,Seen,3,Yes/No,Yes';
    expect(saved[0]).toEqual({ name: 'participant-results-seen.csv', text });
    expect(sent[0]).toMatchObject({ method: 'POST', body: { limit_to_eyetracking: true } });
    expect(sent[1]).toEqual({ method: 'POST', url: '/downloads', body: { name: 'participant-results-seen.csv', kind: 'csv', study_id: 12, size: text.length } });
  });

  it('participant-data: numbers to 2 decimals like every report CSV, the rows as the API answers them, recorded', async () => {
    const row = {
      cell_id: 1, step_id: 11, stim_id: 101, stim_name: 'Big, Ad', participant_reference: 'p1', age_group: null, has_eyetracking: true,
      calibration_accuracy_px: 41.23456, page_dwell_time: 12.005, dwell_time: 0.3333333, time_to_first_view: null, fixation_count: 4,
    };
    const sent = stubApi((url) => (url.endsWith('/participant_report') ? { success: true, data: [row] } : { success: true }));
    const saved: { name: string; text: string }[] = [];
    setCsvSaver((blob, name) => { void blob.text().then((text) => saved.push({ name, text })); });
    expect(await downloadReport(api, 'participant-data', '1:11:9:101')).toBe(true);
    await until(() => sent.length === 2 && saved.length === 1);
    expect(sent[0].url).toBe('/studies/9/cell/1/step/11/stimuli/101/participant_report');
    expect(saved[0].name).toBe('participant-data.csv');
    expect(saved[0].text.split('\r\n')).toEqual([
      'cell_id,step_id,stim_id,stim_name,participant_reference,age_group,has_eyetracking,calibration_accuracy_px,page_dwell_time,dwell_time,time_to_first_view,fixation_count',
      '1,11,101,Big Ad,p1,,true,41.23,12.01,0.33,,4',
    ]);
    expect(sent[1]).toEqual({ method: 'POST', url: '/downloads', body: { name: 'participant-data.csv', kind: 'csv', study_id: 9, size: saved[0].text.length } });
  });

  it('issue 23: feature-data adds the AOI metric columns after the spec\'s, one line per participant and feature', async () => {
    const p1 = {
      participant_reference: 'p1', feature_name: 'logo', dwell_time: 0.4, time_to_first_fixation: 1.2, fixation_count: 1,
      time_to_first_fixation_viewable: 0.2, avg_fixation_duration: 0.4, revisits: 0, fixated_first: true,
    };
    // Rows stored before a recompute filled exposure_feature: the new columns are empty, never 0.
    const p2 = { ...p1, participant_reference: 'p2', feature_name: 'cta', dwell_time: 0.6, time_to_first_fixation: 1.866667, fixation_count: 2,
      time_to_first_fixation_viewable: null, avg_fixation_duration: null, revisits: null, fixated_first: null };
    const answer = { success: true, data: [{ cell_id: 1, step_id: 11, stim_id: 101, stim_name: 'Big, Ad', participant_data: [p1, p2] }] };
    const sent = stubApi((url) => (url.endsWith('/feature_report') ? answer : { success: true }));
    const saved: { name: string; text: string }[] = [];
    setCsvSaver((blob, name) => { void blob.text().then((text) => saved.push({ name, text })); });
    expect(await downloadReport(api, 'feature-data', '1:11:9:101')).toBe(true);
    await until(() => sent.length === 2 && saved.length === 1);
    expect(sent[0].url).toBe('/studies/9/cell/1/step/11/stimuli/101/feature_report');
    expect(saved[0].name).toBe('feature-data.csv');
    expect(saved[0].text.split('\r\n')).toEqual([
      'cell_id,step_id,stim_id,stim_name,participant_reference,feature_name,dwell_time,time_to_first_fixation,fixation_count,'
        + 'time_to_first_fixation_viewable,avg_fixation_duration,revisits,fixated_first',
      '1,11,101,Big Ad,p1,logo,0.4,1.2,1,0.2,0.4,0,true',
      '1,11,101,Big Ad,p2,cta,0.6,1.87,2,,,,',
    ]);
  });
});
