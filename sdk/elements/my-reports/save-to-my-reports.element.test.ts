// "Save to My Reports" in the report builder (issue 19): the generated report's type and stims
// are saved as a panel of the study's row.
import { expect } from '@open-wc/testing';
import '../report-builder/report-builder.element';
import { reportAnswers } from '../../features/report-common/test-fixtures';
import { setImagePreload, setReportTimer } from '../../features/report-common';
import { $, $$, buttonByText, byLabel, mount, resetPage, stubHttp, typeInto, waitFor, waitForText, describe, it, beforeEach, afterEach } from '../test-utils';

describe('Save to My Reports (report builder)', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', 'tok');
    localStorage.setItem('token', 'tok');
    setImagePreload(() => new Promise(() => {}));
    setReportTimer(() => () => {});
  });
  afterEach(() => { setImagePreload(); setReportTimer(); });

  it('saves the generated KPI report with its stim keys under the named panel and row', async () => {
    const reports = reportAnswers();
    const http = stubHttp((req) => (req.url.endsWith('/report-panels')
      ? { data: { success: true, row_id: 1, panel: { id: 5, name: 'x', url: 'report-panels/5', study_id: 9, report_type: 'kpi' } } }
      : reports(req)));
    const el = await mount('gaze-report-builder', { 'study-id': '9' });
    await waitForText(el, 'Create your reports');
    expect(() => buttonByText(el, 'Save to My Reports')).to.throw();
    const stim = $$(el, '[part="tree-stim"]').find((x) => x.textContent?.includes('Sky Scraper'))!.querySelector('input') as HTMLInputElement;
    stim.click();
    const kpi = $$(el, '[part="report-types"] label').find((x) => x.textContent?.trim() === 'KPI report')!.querySelector('input') as HTMLInputElement;
    kpi.click();
    await waitFor(() => !buttonByText(el, 'Generate Report').disabled);
    buttonByText(el, 'Generate Report').click();
    const save = await waitFor(() => { try { return buttonByText(el, 'Save to My Reports'); } catch { return null; } }, 'save button');
    save.click();
    const name = await waitFor(() => { try { return byLabel(el, 'Report name'); } catch { return null; } }, 'dialog');
    expect(name.value).to.equal('KPI Report: Sky Scraper');
    typeInto(name, '');
    buttonByText(el, 'Save').click();
    await waitForText(el, 'Name required');
    typeInto(name, 'Skyscraper KPI');
    typeInto(byLabel(el, 'Row'), 'Launch');
    buttonByText(el, 'Save').click();
    await waitForText(el, 'Saved to My Reports');
    const sent = http.requests.filter((r) => r.url.endsWith('/report-panels'));
    expect(sent).to.have.length(1);
    expect(sent[0]).to.deep.include({ method: 'POST', url: '/v1.0/studies/9/report-panels' });
    expect(sent[0].body).to.deep.equal({ name: 'Skyscraper KPI', row_name: 'Launch', report_type: 'kpi', stims: ['1:11:9:102'] });
    expect($(el, '[part="save-dialog"]')).to.equal(null);
  });
});
