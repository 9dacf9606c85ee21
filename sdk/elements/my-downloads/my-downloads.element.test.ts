import { expect } from '@open-wc/testing';
import './my-downloads.element';
import { $$, mount, resetPage, stubHttp, waitFor, waitForText, describe, it, beforeEach } from '../test-utils';
import { downloadCsv, setCsvSaver } from '../../core/download/download';
import { pageApi } from '../test-utils';

const row = (id: number, over: Record<string, unknown> = {}) => ({
  id, name: `file-${id}.csv`, kind: 'csv', study_id: 7, study_name: 'Spring', status: 'done', progress: 100, size: 2048, url: null, error: null,
  created_at: '2026-11-22T15:05:00Z', ...over,
});

describe('<gaze-my-downloads>', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', JSON.stringify({ email: 'a@x.io', username: 'a', company_id: 1, user_type_id: 1, super_user: false }));
    localStorage.setItem('token', 't0k');
  });

  it('lists downloads newest first with study, size, status and a signed link for a stored export; pages', async () => {
    const http = stubHttp((req) => ({ data: {
      success: true, total: 12, page_num: req.url.includes('page_num=2') ? 2 : 1, total_pages: 2,
      data: req.url.includes('page_num=2') ? [row(2)] : [
        row(12, { kind: 'export', name: 'participant-data-study-7.csv', status: 'running', progress: 40, size: null }),
        row(11, { kind: 'export', status: 'done', url: '/files/c/1/exports/participants-11.csv?sig=a', size: 5 * 1024 * 1024 }),
        row(10),
      ],
    } }));
    const el = await mount('gaze-my-downloads');
    await waitForText(el, 'participant-data-study-7.csv');
    expect(http.requests[0].url).to.equal('/v1.0/downloads?page_num=1&results_per_page=10');
    const cells = $$(el, 'tbody tr').map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent));
    expect(cells[0]).to.include('40%');
    expect(cells[1]).to.include('Ready');
    expect(cells[2]).to.include('2 KB');
    const link = $$(el, 'a[part="link"]')[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).to.equal('/files/c/1/exports/participants-11.csv?sig=a');
    // A running export makes the list ask again by itself.
    await waitFor(() => http.requests.length >= 2, 'poll');
    const next = $$(el, 'button').find((b) => b.getAttribute('aria-label') === 'Page 2' || b.textContent === '2')!;
    next.click();
    await waitFor(() => http.requests.some((r) => r.url.includes('page_num=2')), 'page 2');
  });

  it('the shared CSV helper posts a download record (name, kind, study, size)', async () => {
    const http = stubHttp(() => ({ data: { success: true, download: row(1) } }));
    const saved: string[] = [];
    setCsvSaver((_b, name) => saved.push(name));
    try {
      expect(downloadCsv('a,b\r\n1,2\r\n', 'stim-data.csv', { api: pageApi(), studyId: 7 })).to.equal(true);
    } finally {
      setCsvSaver();
    }
    await waitFor(() => http.requests.length === 1, 'record posted');
    expect(saved).to.deep.equal(['stim-data.csv']);
    expect(http.requests[0]).to.deep.include({ method: 'POST', url: '/v1.0/downloads' });
    expect(http.requests[0].body).to.deep.equal({ name: 'stim-data.csv', kind: 'csv', study_id: 7, size: 10 });
  });
});
