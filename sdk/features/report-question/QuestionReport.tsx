import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Spinner, Switch, Toast, TOAST_DURATION_ERROR, tokens } from '../../ui';
import { useApi, useResource } from '../../core/resource/hooks';
import {
  answerAggregate, answerBars, surveyOverview, DOWNLOAD_LABEL, downloadQuestionCsv, findQuestion, firstQuestion, LIMIT_LABEL, NO_DATA, OVERVIEW_ERROR,
  plainText, QUESTION_SUBTITLE, QUESTION_TITLE, questionMenu, questionValue, RESULTS_WIDTH, SELECT_QUESTION, type QuestionParams,
} from '../../core/reports/questions';
import { DOWNLOAD_ERROR } from '../../core/reports/downloads';
import { QuestionChart } from './QuestionChart';
import { NO_RESULTS_IMAGE, OVERVIEW_ERROR_IMAGE } from './images';

export interface QuestionReportProps {
  studyId: number;
}

const Wrap = styled.section`
  display: grid;
  gap: ${tokens.space4};
  min-width: 0;
  h2 { margin: 0; font-size: 1.4em; }
  h3 { margin: 0; font-size: 1.05em; font-weight: 400; color: ${tokens.muted}; }
  img { max-width: 100%; height: auto; }
`;
const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space3} ${tokens.space4};
  align-items: end;
  label.menu { display: grid; gap: 4px; font-weight: 600; min-width: 0; max-width: 100%; }
  select {
    font: inherit;
    font-weight: 400;
    max-width: min(720px, 100%);
    padding: 8px 10px;
    border: 1px solid ${tokens.border};
    border-radius: ${tokens.radius};
    background: ${tokens.surface};
    color: inherit;
  }
  select:focus-visible { outline: 2px solid ${tokens.primary}; outline-offset: 1px; }
`;
const Panel = styled.div`
  width: ${RESULTS_WIDTH}px;
  max-width: 100%;
  min-width: 0;
  display: grid;
  gap: ${tokens.space3};
  > .actions { display: flex; justify-content: flex-end; }
`;

const NONE: QuestionParams = { studyId: 0, system: 'lu', questionId: 0, limit: true };

/** The question report (D3-247 … D3-263): menu, eye-tracking switch, answer chart, participant CSV. */
export function QuestionReport({ studyId }: QuestionReportProps) {
  const api = useApi();
  const menuId = useId();
  const overview = useResource(surveyOverview, studyId, { enabled: studyId > 0 });
  const groups = overview.data?.data;
  // The chosen question lives in the element: leaving the report resets it (D3-260).
  const [chosen, setChosen] = useState<string | null>(null);
  const [limit, setLimit] = useState(true);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const question = (chosen ? findQuestion(groups, chosen) : null) ?? firstQuestion(groups);
  const params: QuestionParams | null = question
    ? { studyId, system: question.question_system, questionId: question.question_id, limit }
    : null;
  // The limit is part of the key: switching it fetches the selected question again (D3-259).
  const results = useResource(answerAggregate, params ?? NONE, { enabled: params !== null, keepPrevious: true });
  const menu = questionMenu(groups);

  if (overview.status === 'error') {
    return (
      <Wrap part="question-report">
        <h2>{QUESTION_TITLE}</h2>
        <img part="overview-error" src={OVERVIEW_ERROR_IMAGE} alt={OVERVIEW_ERROR} />
      </Wrap>
    );
  }
  if (!groups) {
    return (
      <Wrap part="question-report" aria-busy="true">
        <h2>{QUESTION_TITLE}</h2>
        <Spinner $size={32} />
      </Wrap>
    );
  }

  const aggregate = results.data?.data.data;
  const bars = answerBars(aggregate);
  // No question at all, a failed read or nobody answering: the no-data image (D3-256, D3-258).
  const noData = !params || results.status === 'error' || (results.status === 'success' && bars.length === 0);
  const title = question ? plainText(question.name) : '';

  const download = () => {
    if (!params || saving) return;
    setSaving(true);
    downloadQuestionCsv(api, params)
      .catch(() => setFailed(true))
      .finally(() => setSaving(false));
  };

  return (
    <Wrap part="question-report">
      <header>
        <h2>{QUESTION_TITLE}</h2>
        <h3>{QUESTION_SUBTITLE}</h3>
      </header>
      <Controls part="controls">
        <label className="menu" htmlFor={menuId}>
          {SELECT_QUESTION}
          <select
            id={menuId}
            part="question-menu"
            value={question ? questionValue(question) : ''}
            disabled={menu.length === 0}
            onChange={(e) => setChosen(e.target.value)}
          >
            {menu.length === 0 ? <option value="">No questions in this study</option> : null}
            {menu.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.items.map((i) => (
                  <option key={i.value} value={i.value}>
                    {i.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <Switch label={LIMIT_LABEL} checked={limit} onChange={setLimit} />
      </Controls>
      <Panel part="results" data-question={question ? questionValue(question) : ''} aria-busy={results.loading}>
        {noData ? (
          <img part="no-data" src={NO_RESULTS_IMAGE} alt={NO_DATA} />
        ) : results.status === 'success' || results.data ? (
          <QuestionChart title={title} bars={bars} total={aggregate?.total_user_count ?? 0} />
        ) : (
          <Spinner $size={32} />
        )}
        <div className="actions">
          <Button part="download" onClick={download} disabled={!params || saving} aria-busy={saving}>
            {DOWNLOAD_LABEL}
          </Button>
        </div>
      </Panel>
      {failed ? <Toast kind="error" text={DOWNLOAD_ERROR} duration={TOAST_DURATION_ERROR} onClose={() => setFailed(false)} /> : null}
    </Wrap>
  );
}
