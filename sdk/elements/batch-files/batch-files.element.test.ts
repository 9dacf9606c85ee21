import { expect } from '@open-wc/testing';
import './batch-files.element';
import { $$, mount, resetPage, stubHttp, waitForText, describe, it, beforeEach } from '../test-utils';

describe('<gaze-batch-files>', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('D3-162 lists name, description, type and a signed link (POST /studies/files)', async () => {
    const http = stubHttp(() => ({ data: { success: true, data: [
      { id: 1, name: 'ADS-1009 discovery log', description: 'Every creative', type: 'csv', url: '/files/c/x/log.csv?expires=1&sig=a', study_name: 'Sweep', batch_id: 'ADS-1009' },
    ] } }));
    const el = await mount('gaze-batch-files', { token: 'w2' });
    await waitForText(el, 'ADS-1009 discovery log');
    expect(http.requests[0]).to.include({ method: 'POST', url: '/v1.0/studies/files' });
    expect(http.requests[0].headers.authorization).to.equal('Token w2');
    expect($$(el, 'thead th').map((t) => t.textContent)).to.deep.equal(['Name', 'Description', 'Type', 'Batch', 'Link']);
    const link = $$(el, 'tbody a')[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).to.equal('/files/c/x/log.csv?expires=1&sig=a');
    expect(link.target).to.equal('_blank');
  });
});
