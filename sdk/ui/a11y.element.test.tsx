// Issue 38 "Look and keyboard": an aria-disabled button looks like a disabled one, and dates are
// typed dd/mm/yyyy whatever the browser's locale, the form keeping the ISO day.
import { expect } from '@open-wc/testing';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { sendKeys } from '@web/test-runner-commands';
import { Button } from './Button';
import { DATE_INVALID, dateTimeText, isDateTimeValue, isDateValue, parseDayMonthYear, parseDayMonthYearTime } from './DateField';
import { FormikDateField } from './FormikDateField';
import { afterEach, describe, focused, it, mount, press, q, settle, unmountAll, waitFor } from './test-utils';

describe('issue 38: disabled look and dd/mm/yyyy dates', () => {
  afterEach(() => unmountAll());

  it('a Button with aria-disabled="true" looks like a disabled one (faded, not-allowed) and stays focusable', async () => {
    const m = await mount(
      <>
        <Button id="on">Automate</Button>
        <Button id="aria" aria-disabled="true">Automate</Button>
        <Button id="off" disabled>Automate</Button>
        <Button id="sec" $variant="secondary" aria-disabled="true">Survey questions</Button>
      </>,
    );
    const style = (id: string) => getComputedStyle(q(m, `#${id}`));
    expect(style('on').opacity).to.equal('1');
    expect(style('on').cursor).to.equal('pointer');
    expect(style('aria').opacity).to.equal(style('off').opacity);
    expect(Number(style('aria').opacity)).to.be.below(1);
    expect(style('aria').cursor).to.equal('not-allowed');
    expect(Number(style('sec').opacity)).to.be.below(1);
    expect(style('sec').cursor).to.equal('not-allowed');
    q(m, '#on').focus();
    await press('Tab');
    expect(focused(m)?.id).to.equal('aria');
  });

  it('dates: dd/mm/yyyy parsed to the ISO day; impossible days refused', () => {
    expect(parseDayMonthYear('02/05/2026')).to.equal('2026-05-02');
    expect(parseDayMonthYear('2/5/2026')).to.equal('2026-05-02');
    expect(parseDayMonthYear('31/02/2026')).to.equal(null);
    expect(parseDayMonthYear('05-02-26')).to.equal(null);
    expect(parseDayMonthYear('2026-05-02')).to.equal(null);
    expect(isDateValue('')).to.equal(true);
    expect(isDateValue('2026-05-02')).to.equal(true);
    expect(isDateValue('2026-02-31')).to.equal(false);
    expect(isDateValue('13/13/2026')).to.equal(false);
  });

  it('dates with a time: dd/mm/yyyy hh:mm parsed to YYYY-MM-DD HH:mm; impossible moments refused; ISO shown back as typed', () => {
    expect(parseDayMonthYearTime('03/07/2026 14:30')).to.equal('2026-07-03 14:30');
    expect(parseDayMonthYearTime('3/7/2026')).to.equal('2026-07-03 00:00');
    expect(parseDayMonthYearTime('03/07/2026 24:00')).to.equal(null);
    expect(parseDayMonthYearTime('03/07/2026 9:75')).to.equal(null);
    expect(parseDayMonthYearTime('07/31/2026 10:00')).to.equal(null);
    expect(isDateTimeValue('2026-07-03 14:30')).to.equal(true);
    expect(isDateTimeValue('2026-07-03T14:30:00')).to.equal(true);
    expect(isDateTimeValue('31/02/2026 10:00')).to.equal(false);
    expect(dateTimeText('2026-07-03 14:30:00')).to.equal('03/07/2026 14:30');
  });

  it('FormikDateField shows the ISO value as dd/mm/yyyy with a visible format, keeps typed days as ISO, and says when one is not a date', async () => {
    const submitted: unknown[] = [];
    const schema = yup.object({ debrief: yup.string().test('date', DATE_INVALID, isDateValue) });
    const m = await mount(
      <Formik initialValues={{ debrief: '2026-07-03' }} validationSchema={schema} onSubmit={(v) => void submitted.push(v)}>
        <Form noValidate>
          <FormikDateField name="debrief" label="Debrief date" />
          <button type="submit" id="save">Save</button>
        </Form>
      </Formik>,
    );
    const input = q<HTMLInputElement>(m, 'input');
    // Not the browser's locale-dependent date picker: a text field in the app's own format.
    expect(input.type).to.equal('text');
    expect(input.value).to.equal('03/07/2026');
    const hint = m.root.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0])!;
    expect(hint.textContent).to.contain('dd/mm/yyyy');
    expect(m.root.querySelector('label')!.textContent).to.equal('Debrief date');

    input.focus();
    input.select();
    await sendKeys({ type: '31/02/2026' });
    await press('Tab');
    await waitFor(() => m.root.textContent!.includes(DATE_INVALID), 'the invalid-date message');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    q(m, '#save').click();
    await settle();
    expect(submitted).to.have.length(0);

    input.focus();
    input.select();
    await sendKeys({ type: '20/03/2026' });
    await press('Tab');
    await waitFor(() => !m.root.textContent!.includes(DATE_INVALID), 'the message cleared');
    expect(input.value).to.equal('20/03/2026');
    q(m, '#save').click();
    await waitFor(() => submitted.length === 1, 'submitted');
    expect(submitted[0]).to.deep.equal({ debrief: '2026-03-20' });
  });
});
