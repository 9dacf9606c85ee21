// The stim a batch report page shows (the batch KPI and feature reports): the address's stimId,
// or the batch's first stim for the spec's address without one; a clear state otherwise.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { BatchRef } from '../../core/api/batches';
import { batchStims } from '../../core/batches/batches';
import { chooseReportStim, NO_BATCH_STIMS } from '../../core/batches/stim-choice';
import { useResource } from '../../core/resource/hooks';
import { ErrorText, Spinner, tokens } from '../../ui';
import { GazeExplorer } from '../report-gaze-explorer';

export function BatchReportStim({ batchId, vendorId, stimId, children }: {
  batchId?: string; vendorId?: string; stimId?: number;
  children: (ref: BatchRef, stimId: number) => ReactNode;
}) {
  const ref: BatchRef = { internal_batch_id: String(batchId ?? ''), internal_vendor_id: String(vendorId ?? '') };
  const stims = useResource(batchStims, ref, { enabled: Boolean(batchId && vendorId) && !(Number(stimId) > 0) });
  const chosen = chooseReportStim(stimId, stims);
  if ('state' in chosen) {
    if (chosen.state === 'none') return <p part="empty">{NO_BATCH_STIMS}</p>;
    return chosen.state === 'error' ? <ErrorText>Somethign went wrong</ErrorText> : <Spinner />;
  }
  return <>{children(ref, chosen.stimId)}</>;
}

const Panel = styled.section`
  border: 1px solid ${tokens.danger};
  border-radius: ${tokens.radiusLg};
  padding: 16px;
  h2 { color: ${tokens.danger}; margin: 0 0 4px; }
  p { margin: 0; }
`;

export const BATCH_NO_DATA = 'No respondent has viewed this stim yet: the batch is not live or has no completed views. Its metrics appear here once it has data.';

/**
 * The spec's 'Error!' panel for empty batch report data (D3 §8), shown instead of metrics when
 * the stim has no measured exposure: zeros there would read as "nobody looked" (issue 38).
 */
export function BatchNoData() {
  return (
    <Panel part="error-panel" role="status">
      <h2>Error!</h2>
      <p>{BATCH_NO_DATA}</p>
    </Panel>
  );
}

const ExplorerPanel = styled.section`
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radiusLg};
  padding: 16px;
  min-width: 0;
  h2 { margin: 0 0 8px; font-size: 1.15em; }
`;

/**
 * The interactive visual of a batch stim (issue 37 item 3, as the study reports show it): heatmap
 * with opacity and time window, gaze plot and AOIs with their metrics over the creative, over
 * every respondent of the batch stim (batch reports have no demographic filters).
 */
export function BatchExplorer({ batchRef, stimId, name, fallbackSrc }: { batchRef: BatchRef; stimId: number; name: string; fallbackSrc?: string | null }) {
  return (
    <ExplorerPanel part="explorer-section" aria-labelledby="batch-explore-title">
      <h2 id="batch-explore-title">Explore attention</h2>
      <GazeExplorer batch={{ ...batchRef, internal_stim_id: stimId }} name={name} fallbackSrc={fallbackSrc} />
    </ExplorerPanel>
  );
}
