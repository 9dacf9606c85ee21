import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../theme';

export const Figure = styled.figure`
  margin: 0;
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radiusLg};
  padding: ${tokens.space3};
  min-width: 0;
  figcaption { font-weight: 600; margin-bottom: ${tokens.space2}; }
  [part='total'] { margin: -${tokens.space2} 0 ${tokens.space2}; color: ${tokens.muted}; font-size: 0.9em; }
  img { display: block; margin: 24px auto; max-width: 100%; }
  .highcharts-title { display: none; }
`;

/** Wraps a chart in a titled figure; `part` names it for hosts (e.g. "pie"); `note` under the title (e.g. the total). */
export function ChartFrame({ part, title, note, children }: { part: string; title: string; note?: string; children: ReactNode }) {
  return (
    <Figure part={part} data-title={title}>
      <figcaption>{title}</figcaption>
      {note ? <p part="total">{note}</p> : null}
      {children}
    </Figure>
  );
}
