import styled from 'styled-components';
import { tokens } from './theme';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  align-items: center;
  max-width: 100%;
  button {
    font: inherit;
    min-width: 32px;
    padding: 4px 8px;
    border: 1px solid ${tokens.border};
    border-radius: ${tokens.radius};
    background: ${tokens.surface};
    cursor: pointer;
  }
  button[aria-current='page'] { background: ${tokens.primary}; color: ${tokens.primaryText}; border-color: ${tokens.primary}; }
  button:disabled { opacity: 0.5; cursor: default; }
`;

export interface PaginationProps {
  /** 1-based. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Name of the navigation landmark; give each copy its own when there are two (above and below). */
  label?: string;
}

/** Pages around the current one, with first/last and ellipses: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, total: number, span = 2): (number | '…')[] {
  const out: (number | '…')[] = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - page) <= span) out.push(p);
    else if (out[out.length - 1] !== '…') out.push('…');
  }
  return out;
}

export function Pagination({ page, totalPages, onChange, label = 'Pagination' }: PaginationProps) {
  const total = Math.max(1, totalPages);
  return (
    <Bar part="pagination" aria-label={label}>
      <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="Previous page">
        ‹
      </button>
      {pageWindow(page, total).map((p, i) =>
        p === '…' ? (
          <span key={`e${i}`} aria-hidden="true">…</span>
        ) : (
          <button key={p} type="button" aria-current={p === page ? 'page' : undefined} onClick={() => p !== page && onChange(p)}>
            {p}
          </button>
        ),
      )}
      <button type="button" disabled={page >= total} onClick={() => onChange(page + 1)} aria-label="Next page">
        ›
      </button>
    </Bar>
  );
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface PageSizeSelectProps {
  value: number;
  options?: readonly number[];
  onChange: (size: number) => void;
}

export function PageSizeSelect({ value, options = PAGE_SIZES, onChange }: PageSizeSelectProps) {
  return (
    <label part="page-size">
      Show{' '}
      <select value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}
