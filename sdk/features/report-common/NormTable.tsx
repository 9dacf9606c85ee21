import styled from 'styled-components';
import { tokens } from '../../ui';
import { compareToNorm, cutStimName, formatMetric, normTone, type MetricKind } from './format';

/** Stim names in headers and chips are cut here (in the middle, keeping the size and cell); the full name stays in the title and for screen readers. */
export const NAME_MAX = 30;

// A table wider than a narrow report (an embedded one, a phone) scrolls sideways: the box takes
// focus so a keyboard can scroll it too (axe scrollable-region-focusable, issue 38).
export const TableBox = styled.div.attrs({ tabIndex: 0 })`
  overflow-x: auto;
  &:focus-visible { outline: 2px solid ${tokens.primaryStrong}; outline-offset: 2px; }
  table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
  th, td { border-bottom: 1px solid ${tokens.border}; padding: 6px 10px; text-align: right; white-space: nowrap; }
  th:first-child, td:first-child { text-align: left; white-space: normal; }
  thead th { font-weight: 600; white-space: normal; }
  td[data-tone='better'] { color: ${tokens.success}; font-weight: 600; }
  td[data-tone='worse'] { color: ${tokens.danger}; font-weight: 600; }
  td.norm { color: ${tokens.muted}; }
  small[part='uncertainty'], small[part='norm-uncertainty'] { display: block; color: ${tokens.muted}; font-weight: normal; font-size: 0.8em; }
  tfoot th, tfoot td { color: ${tokens.muted}; font-size: 0.85em; white-space: normal; }
`;

export function StimName({ name }: { name: string }) {
  const cut = cutStimName(name, NAME_MAX);
  return cut === name ? <>{name}</> : <span title={name} aria-label={name}>{cut}</span>;
}

export interface NormTableRow {
  key: string;
  label: string;
  kind: MetricKind;
  /** Per column: the value and its norm, and optionally their interval or standard error with n. */
  cells: { value: number | null | undefined; norm: number | null | undefined; note?: string | null; normNote?: string | null }[];
}

/** Rows of metrics × columns of stims, each with its actual value (coloured against the norm) and the norm. */
export function NormTable({ caption, columns, rows, part, firstHeader = 'Metric', bases }: {
  caption: string;
  columns: string[];
  rows: NormTableRow[];
  part: string;
  firstHeader?: string;
  /** Per column: the measured base and what left it (a footer row); omitted when none is known. */
  bases?: (string | null)[];
}) {
  return (
    <TableBox part={part}>
      <table>
        <caption style={{ position: 'absolute', left: '-9999px' }}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>{firstHeader}</th>
            {columns.map((c, i) => <th key={i} scope="colgroup" colSpan={2} style={{ textAlign: 'center' }}><StimName name={c} /></th>)}
          </tr>
          <tr>
            {columns.flatMap((_, i) => [<th key={`a${i}`} scope="col">Actual</th>, <th key={`n${i}`} scope="col">Norm</th>])}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-metric={r.key}>
              <th scope="row">{r.label}</th>
              {r.cells.flatMap((c, i) => {
                const relation = compareToNorm(r.kind, c.value, c.norm);
                return [
                <td key={`a${i}`} data-relation={relation} data-tone={normTone(r.key, relation)}>
                  {formatMetric(r.kind, c.value)}
                  {c.note ? <small part="uncertainty">{c.note}</small> : null}
                </td>,
                <td key={`n${i}`} className="norm">
                  {formatMetric(r.kind, c.norm)}
                  {c.normNote ? <small part="norm-uncertainty">{c.normNote}</small> : null}
                </td>,
                ];
              })}
            </tr>
          ))}
        </tbody>
        {bases && bases.some((b) => b) ? (
          <tfoot>
            <tr part="base-row">
              <th scope="row">Measured base</th>
              {bases.map((b, i) => <td key={i} colSpan={2}>{b ?? ''}</td>)}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </TableBox>
  );
}
