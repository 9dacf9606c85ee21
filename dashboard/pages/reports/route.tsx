// Study reports (spec document 3 §2.17–2.20): the report page with its builder (three addresses,
// the legacy ones kept), and each report on its own page. The address's query is the state: a
// shared link preselects and generates; Generate Report navigates to the new address.
import { useParams, useSearchParams } from 'react-router';
import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

function Reports() {
  const { id = '' } = useParams();
  const [query] = useSearchParams();
  return (
    <GazeElement
      tag="gaze-report-builder"
      attrs={{ 'study-id': id, 'report-type': query.get('report_type') ?? undefined, stims: query.get('stims') ?? undefined }}
    />
  );
}

/** A report on its own page: `?stims=` carries stim keys (cell:step:study:stim joined by '|'). */
function StimReport({ tag }: { tag: `gaze-${string}` }) {
  const { id = '' } = useParams();
  const [query] = useSearchParams();
  return <GazeElement tag={tag} attrs={{ 'study-id': id, stims: query.get('stims') ?? '' }} />;
}

export const routes: AreaRoute[] = [
  ...['reports', 'reports-old', 'reports-new'].map((p) => ({ path: `my_studies/overview/:id/${p}`, element: <Reports /> })),
  { path: 'my_studies/overview/:id/study/attention_report', heading: 'visible', element: <StimReport tag="gaze-attention-report" /> },
  { path: 'my_studies/overview/:id/study/kpi_report', heading: 'visible', element: <StimReport tag="gaze-kpi-report" /> },
  { path: 'my_studies/overview/:id/study/feature_report', heading: 'visible', element: <StimReport tag="gaze-feature-report" /> },
];
