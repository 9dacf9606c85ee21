// A study as a place to work in: its overview, edit details (under the study tab bar) and edit
// audience. The study id always comes from the route.
import { useParams } from 'react-router';
import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

function Overview() {
  const { id = '' } = useParams();
  return (
    <>
      <GazeElement tag="gaze-study-overview" attrs={{ 'study-id': id }} />
      {/* Issue 41: a respondent's data request for this study, below its overview. */}
      <GazeElement tag="gaze-respondent-data" attrs={{ 'study-id': id }} />
    </>
  );
}

function EditDetails() {
  const { id = '' } = useParams();
  return (
    <>
      <GazeElement tag="gaze-study-tabs" attrs={{ 'study-id': id, active: 'details' }} />
      <GazeElement tag="gaze-study-details-form" attrs={{ 'study-id': id }} />
    </>
  );
}

function EditAudience() {
  const { id = '' } = useParams();
  return <GazeElement tag="gaze-audience-form" attrs={{ 'study-id': id }} />;
}

export const routes: AreaRoute[] = [
  { path: 'my_studies/overview/:id', element: <Overview /> },
  { path: 'my_studies/overview/:id/edit-details', element: <EditDetails /> },
  { path: 'my_studies/overview/:id/edit-audience', element: <EditAudience /> },
];
