// My Reports (spec document 3 §2.15; issue 19): the side tree of report rows and panels with a
// search (125 ms debounce), and an iframe showing the chosen panel through its signed URL (our own
// report page carrying an embed token). Each panel shown asks for a fresh URL.
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { useResource } from '../../core/resource/hooks';
import { reportDetails, reportUrl } from '../../core/my-reports/my-reports';
import { MY_REPORTS_MESSAGES, type ReportPanelView, type ReportRowView } from '../../core/api/my-reports';
import { ErrorText, SearchBox, Spinner, Tooltip, tokens } from '../../ui';

/** Spec document 3 §9: the tree search waits 125 ms. */
export const TREE_SEARCH_DEBOUNCE_MS = 125;
export const AUTH_TOOLTIP = 'Report not showing? Embedded reports carry their own sign-in: check the authentication of the embed (each link expires after an hour; reopen the panel for a fresh one).';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(220px, 280px) 1fr;
  gap: ${tokens.space4};
  min-height: 480px;
  @media (max-width: 720px) { grid-template-columns: 1fr; }
`;
const Side = styled.nav`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space3};
  border-right: 1px solid ${tokens.border};
  padding-right: ${tokens.space3};
  @media (max-width: 720px) { border-right: 0; padding-right: 0; }
  h3 { margin: ${tokens.space2} 0 ${tokens.space1}; font-size: 0.85rem; text-transform: uppercase; color: ${tokens.muted}; }
  ul { list-style: none; margin: 0; padding: 0; }
  li button {
    width: 100%; text-align: left; border: 0; background: none; padding: ${tokens.space2}; border-radius: ${tokens.radius};
    color: ${tokens.text}; font: inherit; cursor: pointer;
  }
  li button:hover { background: ${tokens.surfaceAlt}; }
  li button[aria-current='true'] { background: ${tokens.surfaceAlt}; font-weight: 600; box-shadow: inset 3px 0 0 ${tokens.primary}; }
  li button:focus-visible { outline: 2px solid ${tokens.primaryStrong}; outline-offset: -2px; }
`;
const Main = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space2};
  min-width: 0;
  header { display: flex; align-items: center; gap: ${tokens.space2}; }
  header h2 { margin: 0; font-size: 1.1rem; }
  .info { border: 1px solid ${tokens.border}; border-radius: 50%; width: 24px; height: 24px; background: ${tokens.surface}; cursor: help; color: ${tokens.text}; }
  iframe { width: 100%; min-height: 640px; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; background: ${tokens.surface}; }
`;
const Empty = styled.p`
  padding: ${tokens.space5} ${tokens.space4};
  text-align: center;
  color: ${tokens.muted};
  border: 1px dashed ${tokens.border};
  border-radius: ${tokens.radius};
`;

/** Rows whose name matches keep every panel; other rows keep their matching panels. */
export function filterRows(rows: ReportRowView[], search: string): ReportRowView[] {
  const q = search.trim().toLowerCase();
  if (!q) return rows;
  return rows
    .map((r) => (r.name.toLowerCase().includes(q) ? r : { ...r, panels: r.panels.filter((p) => p.name.toLowerCase().includes(q)) }))
    .filter((r) => r.panels.length);
}

export interface MyReportsProps {
  studyId?: number | string;
}

export function MyReports({ studyId }: MyReportsProps) {
  const id = Number(studyId) > 0 && Number.isInteger(Number(studyId)) ? Number(studyId) : 0;
  const details = useResource(reportDetails, id);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const rows = useMemo(() => details.data?.rows ?? [], [details.data]);
  const shown = useMemo(() => filterRows(rows, search), [rows, search]);
  const all = rows.flatMap((r) => r.panels);
  const panel: ReportPanelView | undefined = all.find((p) => p.id === chosen) ?? all[0];
  const url = useResource(reportUrl, { panelUrl: panel?.url ?? '', studyId: id }, { enabled: Boolean(panel) });

  if (details.error && !details.data) return <ErrorText>{details.error}</ErrorText>;
  if (!details.data) return <Spinner $size={32} />;
  if (!all.length) return <Empty part="empty">{id ? MY_REPORTS_MESSAGES.noStudyReports : MY_REPORTS_MESSAGES.noAccountReports}</Empty>;

  return (
    <Layout part="my-reports">
      <Side part="tree" aria-label="Reports">
        <SearchBox placeholder="Search reports" delay={TREE_SEARCH_DEBOUNCE_MS} value={search} onSearch={setSearch} />
        {shown.length ? shown.map((r) => (
          <div key={r.id}>
            <h3>{r.name}</h3>
            <ul>
              {r.panels.map((p) => (
                <li key={p.id}>
                  <button type="button" part="panel" aria-current={p.id === panel?.id ? 'true' : undefined} onClick={() => setChosen(p.id)}>
                    {p.name}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )) : <p role="status">No report matches "{search}"</p>}
      </Side>
      <Main part="report" aria-live="polite">
        <header>
          <h2>{panel?.name}</h2>
          <Tooltip content={AUTH_TOOLTIP}>
            <button type="button" className="info" part="auth-hint" aria-label="About embed authentication">i</button>
          </Tooltip>
        </header>
        {url.error && !url.data ? <ErrorText>{url.error}</ErrorText> : null}
        {url.data && !url.loading ? (
          <iframe part="frame" title={panel?.name ?? 'Report'} src={url.data.url} referrerPolicy="no-referrer" />
        ) : url.error ? null : <Spinner $size={32} />}
      </Main>
    </Layout>
  );
}
