// The stim library, uploader, editor and AOI editor. All behind sign-in like every private route
// (checklist resolution 17; the spec's route list leaves edit and upload unguarded, see
// docs/decisions.md), which App.tsx gives every area route.
import { useParams, useSearchParams } from 'react-router';
import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

function EditStim() {
  const { id = '' } = useParams();
  return <GazeElement tag="gaze-stim-editor" attrs={{ 'stim-id': id }} />;
}

/** /stims/aoi/{id}?type=stim (D2-221); the batch routes pass their own type. */
function AoiEditor() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  return <GazeElement tag="gaze-aoi-editor" attrs={{ 'stim-id': id, type: search.get('type') || 'stim' }} />;
}

export const routes: AreaRoute[] = [
  { path: 'stims', element: <GazeElement tag="gaze-stim-library" /> },
  { path: 'stims/upload-stim', element: <GazeElement tag="gaze-stim-uploader" /> },
  { path: 'stims/edit/:id', element: <EditStim /> },
  { path: 'stims/aoi/:id', element: <AoiEditor /> },
];
