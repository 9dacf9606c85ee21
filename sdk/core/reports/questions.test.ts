import { describe, expect, it } from 'vitest';
import { answerBars, answerTooltip, firstQuestion, formatType, questionCsv, questionCsvName, questionMenu } from './questions';

const q = (id: number, system: 'ex' | 'lu', name: string, type = 'single_choice') => ({ question_id: id, question_system: system, name, formatted_type: type });
type Q = ReturnType<typeof q>;
/** The overview's groups as the server sends them: screening questions, then study questions. */
const groups = (screening: Q[], study: Q[]) => [
  { survey_title: 'Screening questions' as const, survey_question: screening.map((x) => x.name), questions: screening },
  { survey_title: 'Study questions' as const, survey_question: study.map((x) => x.name), questions: study },
];

describe('question report rules', () => {
  it('D3-248 D3-249 the server\'s groups in its order; labels "Type: name" without HTML; empty groups left out', () => {
    const menu = questionMenu(groups([q(1, 'ex', '<p>A &amp; <i>a</i></p>', 'brand_recall'), q(2, 'lu', 'B')], []));
    expect(menu).toHaveLength(1);
    expect(menu[0].label).toBe('Screening questions');
    expect(menu[0].items.map((i) => [i.value, i.label])).toEqual([['ex:1', 'Brand recall: A & a'], ['lu:2', 'Single choice: B']]);
    expect(formatType('MULTIPLE-choice')).toBe('Multiple choice');
  });

  it('D3-258 the first screening question, else the first study question, else none', () => {
    expect(firstQuestion(groups([], [q(3, 'ex', 'y'), q(4, 'lu', 'x')]))!.question_id).toBe(3);
    expect(firstQuestion(groups([q(9, 'lu', 'z')], [q(3, 'ex', 'y')]))!.question_id).toBe(9);
    expect(firstQuestion(groups([], []))).toBeNull();
    expect(firstQuestion(undefined)).toBeNull();
  });

  it('D3-251 D3-253 D3-254 zero answers dropped, most chosen first (ties keep order), percent of total respondents to 1 decimal', () => {
    const bars = answerBars({ question_id: 1, total_user_count: 3, answer_data: [{ text: 'A', count: 1 }, { text: 'B', count: 0 }, { text: 'C', count: 2 }, { text: 'D', count: 1 }] });
    expect(bars.map((b) => b.text)).toEqual(['C', 'A', 'D']);
    expect(answerTooltip(bars[0], 3)).toEqual(['C', '66.7%', 'Count: 2', 'Total respondents: 3']);
    expect(answerTooltip({ text: 'x', count: 1234, percent: 12.345 }, 10000)).toEqual(['x', '12.3%', 'Count: 1,234', 'Total respondents: 10,000']);
    expect(answerBars({ question_id: 1, total_user_count: 0, answer_data: [{ text: 'A', count: 0 }] })).toEqual([]);
  });

  it('D3-262 D3-269 D3-273 the participant CSV: no answer_options column for free text, N answer columns, CRLF, commas removed', () => {
    const csv = questionCsv({
      answers: [], name: 'Any brand, <b>at all</b>?', short_name: 'Free Recall', question_id: 4,
      participant_answer_data: [{ participant_reference: 'p1', answer_data: [{ text: 'Oats, crunchy' }] }, { participant_reference: 'p2', answer_data: [] }],
    });
    expect(csv!.split('\r\n')).toEqual([
      'participant_reference,question,question_short_name,question_id,question_answer_1',
      'p1,Any brand at all?,Free Recall,4,Oats crunchy',
      'p2,Any brand at all?,Free Recall,4,',
    ]);
    expect(questionCsvName({ short_name: 'Free Recall', question_id: 4 })).toBe('participant-results-free-recall.csv');
    expect(questionCsvName({ short_name: '', question_id: 4 })).toBe('participant-results-4.csv');
    expect(questionCsv({ answers: ['a'], name: 'x', short_name: 'x', question_id: 1, participant_answer_data: [] })).toBeNull();
  });
});
