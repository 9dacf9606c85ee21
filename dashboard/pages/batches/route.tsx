// Batch users' pages (spec D3 §2.10–2.14, D2 §2.8): My Batches, a batch's overview with its KPI and
// feature reports, the all-stims list, the AOI editor of a batch stim and the files page.
// /my_batches/batch_overview/{batchId}&{vendorId}: one path segment carries both internal ids.
import { useParams, useSearchParams } from 'react-router';
import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

/** '{batchId}&{vendorId}' → both ids (decoded), or empty strings. */
export function splitBatchRef(ref: string | undefined): { batchId: string; vendorId: string } {
  const raw = ref ?? '';
  const at = raw.lastIndexOf('&');
  if (at < 0) return { batchId: decodeURIComponent(raw), vendorId: '' };
  return { batchId: decodeURIComponent(raw.slice(0, at)), vendorId: decodeURIComponent(raw.slice(at + 1)) };
}

function Overview() {
  const { batchId, vendorId } = splitBatchRef(useParams().ref);
  return <GazeElement tag="gaze-batch-overview" attrs={{ 'batch-id': batchId, 'vendor-id': vendorId }} />;
}

/** The report pages read ?id=&vendorId= (the spec's query) and &stimId= (which stim). */
function Report({ tag }: { tag: 'gaze-batch-kpi-report' | 'gaze-batch-feature-report' }) {
  const fromPath = splitBatchRef(useParams().ref);
  const [q] = useSearchParams();
  const batchId = q.get('id') || fromPath.batchId;
  const vendorId = q.get('vendorId') || fromPath.vendorId;
  return <GazeElement tag={tag} attrs={{ 'batch-id': batchId, 'vendor-id': vendorId, 'stim-id': q.get('stimId') ?? undefined }} />;
}

/** The AOI editor of a batch stim: the stims area's element, in its batch mode. */
function Aoi() {
  const { id } = useParams();
  const [q] = useSearchParams();
  return <GazeElement tag="gaze-aoi-editor" attrs={{ 'stim-id': id, type: q.get('type') || 'batch' }} />;
}

export const routes: AreaRoute[] = [
  { path: 'my_batches', heading: 'visible', title: 'My Batches', element: <GazeElement tag="gaze-batch-list" /> },
  { path: 'my_batches/files', element: <GazeElement tag="gaze-batch-files" /> },
  { path: 'my_batches/batch_overview/:ref', element: <Overview /> },
  { path: 'my_batches/batch_overview/:ref/kpi', element: <Report tag="gaze-batch-kpi-report" /> },
  { path: 'my_batches/batch_overview/:ref/stim_report', element: <Report tag="gaze-batch-feature-report" /> },
  { path: 'batch_stim_list', heading: 'visible', title: 'My Stimuli', element: <GazeElement tag="gaze-batch-stim-list" /> },
  { path: 'batch_stim_list/aoi/:id', heading: 'hidden', element: <Aoi /> },
  { path: 'batches/aoi/:id', heading: 'hidden', element: <Aoi /> },
];
