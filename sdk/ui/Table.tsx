import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';

const T = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid ${tokens.border}; }
  th { font-weight: 600; white-space: nowrap; }
  th button { font: inherit; background: none; border: 0; padding: 0; cursor: pointer; color: inherit; }
  @media (max-width: 720px) { .gaze-hide-narrow { display: none; } }
`;

export type SortDir = 'asc' | 'desc';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** Column is sortable under this sort key (e.g. 'name' → name_asc / name_desc). */
  sortKey?: string;
  /** Hidden on narrow screens. */
  hideNarrow?: boolean;
}

export interface TableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Current order, e.g. 'name_asc'. */
  orderBy?: string;
  onSort?: (orderBy: string) => void;
  empty?: ReactNode;
}

export function Table<Row>({ columns, rows, rowKey, orderBy, onSort, empty = 'No data' }: TableProps<Row>) {
  const [sortField, sortDir] = orderBy ? [orderBy.replace(/_(asc|desc)$/, ''), orderBy.endsWith('_desc') ? 'desc' : 'asc'] : [null, null];
  return (
    <T part="table">
      <thead>
        <tr>
          {columns.map((c) => {
            const active = c.sortKey && c.sortKey === sortField;
            return (
              <th
                key={c.key}
                className={c.hideNarrow ? 'gaze-hide-narrow' : undefined}
                aria-sort={active ? (sortDir === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {c.sortKey && onSort ? (
                  <button type="button" onClick={() => onSort(`${c.sortKey}_${active && sortDir === 'asc' ? 'desc' : 'asc'}`)}>
                    {c.header} {active ? (sortDir === 'asc' ? '▲' : '▼') : ''}
                  </button>
                ) : (
                  c.header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.key} className={c.hideNarrow ? 'gaze-hide-narrow' : undefined}>
                  {c.render(r)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </T>
  );
}
