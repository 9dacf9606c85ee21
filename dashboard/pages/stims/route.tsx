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

/**
 * /stims/upload-stim, and ?study_id=…&cell_id=… from the board's New Stim (D2-125): the stims are
 * the study's own and each becomes a stim step of that cell, then OK returns to the board.
 */
function UploadStim() {
  const [search] = useSearchParams();
  const study = search.get('study_id') ?? '', cell = search.get('cell_id') ?? '';
  const linked = /^\d+$/.test(study) && /^\d+$/.test(cell);
  return <GazeElement tag="gaze-stim-uploader" attrs={linked ? { 'study-id': study, 'cell-id': cell } : {}} />;
}

export const routes: AreaRoute[] = [
  { path: 'stims', heading: 'visible', title: 'My Stimuli', element: <GazeElement tag="gaze-stim-library" /> },
  { path: 'stims/upload-stim', heading: 'hidden', element: <UploadStim /> },
  { path: 'stims/edit/:id', heading: 'hidden', element: <EditStim /> },
  { path: 'stims/aoi/:id', heading: 'hidden', element: <AoiEditor /> },
];
