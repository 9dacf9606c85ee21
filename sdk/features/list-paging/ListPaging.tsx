// The page-size menu and pager above and below a batch list (batch list, vendor stim list): one
// control pair, labelled by where it stands so the two copies are told apart by screen readers.
import styled from 'styled-components';
import type { ListAction } from '../../core/batches/batches';
import { PageSizeSelect, Pagination } from '../../ui';

const Controls = styled.div`
  display: flex;
  gap: 16px;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  select { font: inherit; }
`;

export interface ListPagingProps {
  query: { page_num: number; results_per_page: number };
  change: (a: ListAction) => void;
  totalPages: number;
  /** 'top' or 'bottom': in the pager's label and data-where. */
  where: string;
}

export function ListPaging({ query, change, totalPages, where }: ListPagingProps) {
  return (
    <Controls part="controls" data-where={where}>
      <PageSizeSelect value={query.results_per_page} onChange={(size) => change({ type: 'pageSize', size: size as 10 | 25 | 50 | 100 })} />
      <Pagination page={query.page_num} totalPages={totalPages} onChange={(page) => change({ type: 'page', page })} label={`Pages (${where})`} />
    </Controls>
  );
}
