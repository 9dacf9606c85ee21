// The stim a batch report page shows (the batch KPI and feature reports): the address's stimId,
// or the batch's first stim for the spec's address without one; a clear state otherwise.
import type { ReactNode } from 'react';
import type { BatchRef } from '../../core/api/batches';
import { batchStims } from '../../core/batches/batches';
import { chooseReportStim, NO_BATCH_STIMS } from '../../core/batches/stim-choice';
import { useResource } from '../../core/resource/hooks';
import { ErrorText, Spinner } from '../../ui';

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
