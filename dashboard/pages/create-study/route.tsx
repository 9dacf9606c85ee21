// Study creation (spec D3 §2.1–2.6, resolution 24): the choose-your-study page and one wizard per
// kind, the route's last segment naming the kind (custom-study, digital-ad-test, YouTube-study,
// vast-ad-test, digital-rich-study, …).
import { useParams } from 'react-router';
import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

function Wizard() {
  const { kind = '' } = useParams();
  return <GazeElement tag="gaze-study-wizard" attrs={{ kind }} />;
}

export const routes: AreaRoute[] = [
  { path: 'create-study', element: <GazeElement tag="gaze-study-chooser" attrs={{}} />, title: 'Choose your study' },
  { path: 'create-study/:kind', element: <Wizard />, title: 'Create study' },
];
