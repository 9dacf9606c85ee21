import styled from 'styled-components';
import { tokens } from '../../ui';

/** The column of per-stim pages of the KPI and feature reports. */
export const StimPages = styled.div`
  display: grid;
  gap: ${tokens.space5};
  min-width: 0;
`;

/**
 * One stim's page: heading row, then two columns (visual beside the numbers) that fold into one
 * on narrow screens or for billboards (`data-layout='single'`, §9: width/height > 2). Each report
 * adds its own rules with styled(StimPage).
 */
export const StimPage = styled.article`
  display: grid;
  gap: ${tokens.space4};
  border-top: 1px solid ${tokens.border};
  padding-top: ${tokens.space4};
  min-width: 0;
  > header { display: flex; flex-wrap: wrap; justify-content: space-between; gap: ${tokens.space3}; align-items: center; }
  h2 { margin: 0; font-size: 1.3em; overflow-wrap: anywhere; }
  .columns { display: grid; gap: ${tokens.space4}; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); align-items: start; }
  &[data-layout='single'] .columns { grid-template-columns: minmax(0, 1fr); }
  @media (max-width: 800px) { .columns { grid-template-columns: minmax(0, 1fr); } }
  figure { margin: 0; min-width: 0; }
`;
