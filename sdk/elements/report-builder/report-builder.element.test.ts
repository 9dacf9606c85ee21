import { expect } from '@open-wc/testing';
import './report-builder.element';
import { $, mount, resetPage, stubHttp, waitForText, describe, it, beforeEach } from '../test-utils';

describe('<gaze-report-builder>', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('reads GET /report-builder with its own token and shows the title', async () => {
    const http = stubHttp(() => ({ data: { success: true, data: { company_id: 1, title: 'Hello there' } } }));
    const el = await mount('gaze-report-builder', { token: 'w1' });
    await waitForText(el, 'Hello there');
    expect(http.requests[0]).to.include({ method: 'GET', url: '/v1.0/report-builder' });
    expect(http.requests[0].headers.authorization).to.equal('Token w1');
    expect($(el, '[part="title"]')!.textContent).to.equal('Hello there');
  });
});
