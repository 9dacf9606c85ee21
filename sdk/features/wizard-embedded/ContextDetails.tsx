// 'Context Details' of the embedded/redirect study wizard (spec D3 §2.8, §3; D3-108, D3-109): one
// study URL per cell. The list is kept as long as the number of cells chosen on Basic Details (the
// wizard passes it through embeddedPagesFor whenever the cells change), so each cell has its row.
import type { ChangeEvent } from 'react';
import { TextField } from '../../ui';
import type { EmbeddedPageValues } from '../wizard-schemas/quick-values';

export interface ContextDetailsProps {
  pages: EmbeddedPageValues[];
  errors: Record<string, string>;
  onChange: (pages: EmbeddedPageValues[]) => void;
}

export function ContextDetails({ pages, errors, onChange }: ContextDetailsProps) {
  return (
    <div part="context-details">
      <p>One study URL per cell: respondents of each cell are sent to its page. Change the number of cells on Basic Details.</p>
      <ol aria-label="Study URLs per cell" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {pages.map((p, i) => (
          <li key={i} part="context-row">
            <TextField label={`Cell ${i + 1} URL`} type="url" inputMode="url" value={p.url} error={errors[`embedded_page_list.${i}.url`] ?? null}
              onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(pages.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)))} />
          </li>
        ))}
      </ol>
    </div>
  );
}
