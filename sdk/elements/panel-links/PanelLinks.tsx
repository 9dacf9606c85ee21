// A study's take-study links (spec D2 §3.4): a testing and a live table, one row per cell for our
// own panel (the built-in first rows) and for each panel, each with a copy button.
import styled from 'styled-components';
import { useResource } from '../../core/resource/hooks';
import { studyLinks } from '../../core/study/study';
import type { LinkSet } from '../../core/api/study';
import { CopyButton, ErrorText, Spinner, VisuallyHidden, tokens } from '../../ui';

export const OWN_PANEL = 'Gazeboard panel (our own)';
export const ANY_CELL = 'Any cell';

const Wrap = styled.div`
  container-type: inline-size;
  display: grid;
  gap: 16px;
  h3 { margin: 0 0 6px; font-size: 1rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${tokens.border}; vertical-align: top; }
  td.link { font-family: ui-monospace, monospace; font-size: 0.85em; overflow-wrap: anywhere; word-break: break-all; }
  td.copy { white-space: nowrap; text-align: right; }
  tr.own td { background: ${tokens.surfaceAlt}; }
  /* Narrow: each link is a small card (panel · cell, the link, the copy button). */
  @container (max-width: 600px) {
    thead { display: none; }
    table, tbody, tr, td { display: block; }
    tr { border-bottom: 1px solid ${tokens.border}; padding: 6px 0; }
    td { border: 0; padding: 2px 4px; }
    td:first-child { font-weight: 600; display: inline; }
    td:nth-child(2) { display: inline; }
    td:nth-child(2)::before { content: ' · '; }
    td.copy { text-align: left; }
  }
`;

interface Row { panel: string; cell: string; url: string; own: boolean }

export function linkRows(set: LinkSet): Row[] {
  const rows: Row[] = [{ panel: OWN_PANEL, cell: ANY_CELL, url: set.standard, own: true }];
  for (const c of set.cell_links) rows.push({ panel: OWN_PANEL, cell: c.cell_name, url: c.standard, own: true });
  for (const p of set.panel_links) {
    rows.push({ panel: p.panel_name, cell: ANY_CELL, url: p.standard, own: false });
    for (const c of p.cell_links) rows.push({ panel: p.panel_name, cell: c.cell_name, url: c.standard, own: false });
  }
  return rows;
}

function LinkTable({ title, set }: { title: string; set: LinkSet }) {
  return (
    <section>
      <h3>{title}</h3>
      <table part="links-table">
        <thead><tr><th scope="col">Panel</th><th scope="col">Cell</th><th scope="col">Link</th><th scope="col"><VisuallyHidden>Copy</VisuallyHidden></th></tr></thead>
        <tbody>
          {linkRows(set).map((r) => (
            <tr key={r.url} className={r.own ? 'own' : undefined}>
              <td>{r.panel}</td>
              <td>{r.cell}</td>
              <td className="link">{r.url}</td>
              <td className="copy"><CopyButton text={r.url} label={`Copy ${title.toLowerCase()} for ${r.panel}, ${r.cell}`} fallbackHint="select the link instead" /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function PanelLinks({ studyId }: { studyId?: string }) {
  const id = Number(studyId);
  const valid = Number.isInteger(id) && id > 0;
  const links = useResource(studyLinks, id, { enabled: valid });
  if (!valid) return <ErrorText>No study selected.</ErrorText>;
  if (!links.data) return links.error ? <ErrorText>{links.error}</ErrorText> : <Spinner />;
  return (
    <Wrap part="panel-links" aria-busy={links.loading || undefined}>
      <LinkTable title="Test links" set={links.data.testing_links} />
      <LinkTable title="Live links" set={links.data.live_links} />
    </Wrap>
  );
}
