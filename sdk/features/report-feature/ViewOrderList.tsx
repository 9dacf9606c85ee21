import styled from 'styled-components';
import { tokens } from '../../ui';
import type { FeatureAnalysisResponse } from '../../core/api/reports';

type ViewOrder = NonNullable<FeatureAnalysisResponse['view_order']>;

export const VIEW_ORDER_TITLE = 'View order';

/** One line per feature, first fixated first: its base n, and a flag under the minimum base. */
export function viewOrderLines(vo: ViewOrder): { name: string; rank: number; text: string; lowBase: boolean }[] {
  return [...vo.features].sort((a, b) => a.rank - b.rank).map((f) => ({
    name: f.feature_name,
    rank: f.rank,
    lowBase: f.low_base,
    text: `${f.feature_name} — n = ${f.viewers} ${f.viewers === 1 ? 'viewer' : 'viewers'}${f.low_base ? ` (fewer than ${vo.min_base}: too few to rely on)` : ''}`,
  }));
}

const Box = styled.section`
  margin-top: ${tokens.space3};
  h3 { font-size: 1em; margin: 0 0 ${tokens.space1}; }
  ol { margin: 0; padding-left: 1.5em; }
  li[data-low-base] { color: ${tokens.muted}; }
  p { margin: ${tokens.space1} 0 0; color: ${tokens.muted}; font-size: 0.85em; }
`;

/**
 * The view order in words (issue 37 item 6): the same ranking, bases and flags as the View Order
 * visual (both from the server's one definition, analytics/features.ts viewOrder).
 */
export function ViewOrderList({ viewOrder }: { viewOrder: ViewOrder | undefined }) {
  if (!viewOrder) return null;
  const lines = viewOrderLines(viewOrder);
  return (
    <Box part="view-order" aria-label={VIEW_ORDER_TITLE}>
      <h3>{VIEW_ORDER_TITLE}</h3>
      {lines.length ? (
        <ol>
          {lines.map((l) => <li key={l.name} value={l.rank} data-low-base={l.lowBase ? '' : undefined}>{l.text}</li>)}
        </ol>
      ) : <p part="no-data">No feature was fixated yet.</p>}
      <p>Features ranked by mean time to first fixation over the viewers who fixated each (n). Under {viewOrder.min_base} viewers a rank is flagged, here and on the View Order visual (grey, marked ?).</p>
    </Box>
  );
}
