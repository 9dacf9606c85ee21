// The library's query, the uploader's row checks and its one-row upload run (spec D2 §2.4–2.5, §5, §8).
import { describe, expect, it } from 'vitest';
import { useTestClient } from '../test-utils';
import { stubHttp } from '../api/test-transport';
import { DEFAULT_STIM_QUERY, isVastXml, rowErrors, rowStimType, stimQueryReducer, uploadRow, type UploadRow } from './stims';

const row = (patch: Partial<UploadRow> = {}): UploadRow => ({
  key: 'r1', kind: 'script', name: 'Tag', content: '<script></script>', file: null,
  ad_asset_type_id: 1, ad_type_group_id: 11, ad_type_id: 21, brand_id: 5, ...patch,
});
const file = (name: string, type: string) => new File([new Uint8Array(64)], name, { type });

describe('stim library query', () => {
  it('D2-145 starts at 25 per page, page 1, name_asc, every filter ALL', () => {
    expect(DEFAULT_STIM_QUERY).toMatchObject({ results_per_page: 25, page_num: 1, order_by: 'name_asc', filter_name: '', filter_stimtype: 'ALL', filter_media_id: 0, study_id: null });
  });

  it('D2-147 a new page size, a search or a filter start again at page 1; a sort keeps the page', () => {
    const on3 = stimQueryReducer(DEFAULT_STIM_QUERY, { type: 'page', page: 3 });
    expect(on3.page_num).toBe(3);
    expect(stimQueryReducer(on3, { type: 'pageSize', size: 50 })).toMatchObject({ results_per_page: 50, page_num: 1 });
    expect(stimQueryReducer(on3, { type: 'search', text: 'fizz' })).toMatchObject({ filter_name: 'fizz', page_num: 1 });
    expect(stimQueryReducer(on3, { type: 'filters', filters: { filter_stimtype: 'v' } })).toMatchObject({ filter_stimtype: 'v', page_num: 1 });
    expect(stimQueryReducer(on3, { type: 'sort', orderBy: 'width_desc' })).toMatchObject({ order_by: 'width_desc', page_num: 3 });
  });

  it('never goes below page 1 and leaves the original query alone', () => {
    const q = { ...DEFAULT_STIM_QUERY };
    expect(stimQueryReducer(q, { type: 'page', page: 0 }).page_num).toBe(1);
    expect(stimQueryReducer(q, { type: 'page', page: -4 }).page_num).toBe(1);
    expect(q).toEqual(DEFAULT_STIM_QUERY);
  });
});

describe('upload rows', () => {
  it('D2-192 §5 a VAST is XML when it starts with its tag (after an optional prolog) and ends with its closing tag', () => {
    expect(isVastXml('<VAST version="4.0"></VAST>')).toBe(true);
    expect(isVastXml('  <?xml version="1.0"?>\n<VAST version="3.0"><Ad/></VAST>\n')).toBe(true);
    expect(isVastXml('https://ads.example.com/vast.xml')).toBe(false);
    expect(isVastXml('<VASTY></VASTY>')).toBe(false);
    expect(isVastXml('<VAST version="4.0"></VAST><script>x</script>')).toBe(false);
  });

  it('D2-192 a row\'s stim type: script s, VAST XML vx, VAST URL va, video v, image i', () => {
    expect(rowStimType(row())).toBe('s');
    expect(rowStimType(row({ kind: 'vast', content: '<VAST></VAST>' }))).toBe('vx');
    expect(rowStimType(row({ kind: 'vast', content: 'https://ads.example.com/v' }))).toBe('va');
    expect(rowStimType(row({ kind: 'file', file: file('a.mp4', 'video/mp4') }))).toBe('v');
    expect(rowStimType(row({ kind: 'file', file: file('a.png', 'image/png') }))).toBe('i');
  });

  it('D2-170 D2-171 D2-172 each missing field has its message; a complete row has none', () => {
    expect(rowErrors(row())).toEqual({});
    expect(rowErrors(row({ name: '  ', ad_asset_type_id: null, ad_type_group_id: null, ad_type_id: null, brand_id: null, content: ' \n' }))).toEqual({
      name: 'Name is required', ad_asset_type_id: 'Required', ad_type_group_id: 'Required', ad_type_id: 'Required', brand_id: 'Required', content: 'Stim content is required',
    });
    expect(rowErrors(row({ kind: 'file', content: '', file: null })).content).toBe('Stim content is required');
    expect(rowErrors(row({ kind: 'file', content: '', file: file('a.png', 'image/png') }))).toEqual({});
  });
});

describe('uploadRow', () => {
  const t = useTestClient();

  it('D2-178 a script row is created in one call, trimmed, as the study\'s own when a study is given', async () => {
    const http = stubHttp(() => ({ data: { success: true, stim_id: 41, data: {} } }));
    const progress: number[] = [];
    expect(await uploadRow(t.api(), row({ name: ' Tag ', content: ' <b>x</b> ' }), (p) => progress.push(p), 7)).toEqual({ ok: true, stimId: 41 });
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0]).toMatchObject({ method: 'POST', url: '/v1.0/stims/create', body: { name: 'Tag', stim_type: 's', tag: '<b>x</b>', source: null, study_id: 7, brand_id: 5 } });
    expect(progress.at(-1)).toBe(1);
  });

  it('D2-180 D2-181 §8 a failed create says "Failed to upload {name}"; an answer without stim_id skips the row', async () => {
    stubHttp(() => ({ status: 500, data: { success: false } }));
    expect(await uploadRow(t.api(), row({ name: 'Pre-roll', kind: 'vast', content: 'https://a.example/v' }), () => undefined)).toEqual({ ok: false, message: 'Failed to upload Pre-roll' });
    stubHttp(() => ({ data: { success: true } }));
    expect(await uploadRow(t.api(), row(), () => undefined)).toEqual({ ok: 'skipped' });
  });

  it('D2-179 a video row: create with the measured size, signed URL, PUT with its type, edit with the stored source', async () => {
    const http = stubHttp((req) => {
      if (req.url.endsWith('/stims/create')) return { data: { success: true, stim_id: 9, data: {} } };
      if (req.url.endsWith('/create_signed_url')) return { data: { success: true, url: 'http://files.test/files/c/1/uploads/x-spot.mp4?sig=s', source: 'c/1/uploads/x-spot.mp4', key: 'k', expires_in: 3600 } };
      return { data: { success: true, stim_id: 9, data: {} } };
    });
    const out = await uploadRow(t.api(), row({ kind: 'file', name: 'Spot', content: '', file: file('spot.mp4', 'video/mp4'), width: 640, height: 360, duration_ms: 15000 }), () => undefined);
    expect(out).toEqual({ ok: true, stimId: 9 });
    expect(http.requests.map((r) => `${r.method} ${r.url.replace(/\?.*/, '')}`)).toEqual([
      'POST /v1.0/stims/create', 'POST /v1.0/stims/create_signed_url', 'PUT http://files.test/files/c/1/uploads/x-spot.mp4', 'POST /v1.0/stims/9/edit',
    ]);
    expect(http.requests[0].body).toMatchObject({ stim_type: 'v', file_name: 'spot.mp4', width: 640, height: 360, duration_ms: 15000 });
    expect(http.requests[1].body).toMatchObject({ file_name: 'spot.mp4', content_type: 'video/mp4', size: 64 });
    expect(http.requests[2].headers['content-type']).toBe('video/mp4');
    expect(http.requests[2].headers.authorization).toBeUndefined();
    expect(http.requests[3].body).toEqual({ source: 'c/1/uploads/x-spot.mp4', file_name: 'spot.mp4' });
  });

  it('D2-180 §8 a refused file says "Failed to upload file for {name}" and the stim keeps no source', async () => {
    const http = stubHttp((req) => {
      if (req.url.endsWith('/stims/create')) return { data: { success: true, stim_id: 9, data: {} } };
      if (req.url.endsWith('/create_signed_url')) return { data: { success: true, url: 'http://files.test/files/x.png?sig=s', source: 'x.png', key: 'k', expires_in: 3600 } };
      if (req.method === 'PUT') return { status: 415, data: { success: false } };
      return { data: {} };
    });
    const out = await uploadRow(t.api(), row({ kind: 'file', name: 'Banner', content: '', file: file('banner.png', 'image/png') }), () => undefined);
    expect(out).toEqual({ ok: false, message: 'Failed to upload file for Banner' });
    expect(http.requests.some((r) => r.url.endsWith('/edit'))).toBe(false);
    // Images carry no measured size: the server reads it from the file.
    expect(http.requests[0].body).not.toHaveProperty('width');
  });
});
