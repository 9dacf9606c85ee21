// My Reports (spec document 3 §2.15): the account's reports, and the study variant (route
// parameter id). The embedded report page the iframe shows lives outside the signed-in frame
// (EmbedReport.tsx, mounted by App.tsx at /embed/report).
import { GazeElement } from '../GazeElement';
import { StudyPage } from '../StudyPage';
import type { AreaRoute } from '../routes';

const studyReports = <StudyPage render={(id) => <GazeElement tag="gaze-my-reports" attrs={{ 'study-id': id }} />} />;

export const routes: AreaRoute[] = [
  { path: 'my_reports', heading: 'visible', element: <GazeElement tag="gaze-my-reports" />, title: 'My Reports' },
  { path: 'my_reports/:id', heading: 'visible', element: studyReports, title: 'My Reports' },
  { path: 'my_studies/overview/:id/my_reports', heading: 'visible', element: studyReports, title: 'My Reports' },
];
