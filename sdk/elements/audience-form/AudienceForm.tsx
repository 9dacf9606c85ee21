// Edit audience (spec D2 §2.1, §2.7): the panel definition form on its own page. Pick one of the
// study's panels (or 'New panel') and edit its fields; saving refreshes the panels, links and
// overview. Participants requested and returned are shown for context.
import { useState } from 'react';
import styled from 'styled-components';
import { useResource } from '../../core/resource/hooks';
import { studyAudience } from '../../core/study/study';
import { ErrorText, Link, Select, Spinner, SuccessText, tokens } from '../../ui';
import { PanelForm } from '../../features/panel-form/PanelForm';

const Wrap = styled.section`
  display: grid;
  gap: 12px;
  max-width: 720px;
  h1 { margin: 0; font-size: 1.4rem; }
  p { margin: 0; color: ${tokens.muted}; }
`;

export const NEW_PANEL = 'new';

export function AudienceForm({ studyId }: { studyId?: string }) {
  const id = Number(studyId);
  const valid = Number.isInteger(id) && id > 0;
  const audience = useResource(studyAudience, id, { enabled: valid });
  const [chosen, setChosen] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  if (!valid) return <ErrorText>No study selected.</ErrorText>;
  if (!audience.data) return audience.error ? <><h1>Edit audience</h1><ErrorText>{audience.error}</ErrorText></> : <Spinner />;
  const panels = audience.data.panels;
  const current = chosen ?? (panels[0] ? String(panels[0].id) : NEW_PANEL);
  const panel = panels.find((p) => String(p.id) === current) ?? null;
  return (
    <Wrap part="audience-form" aria-labelledby="gaze-audience-title">
      <h1 id="gaze-audience-title">Edit audience</h1>
      <p>Participants requested: {audience.data.participants_requested}</p>
      <Select
        label="Panel"
        value={current}
        onChange={(v) => { setChosen(v); setSaved(null); }}
        options={[...panels.map((p) => ({ value: String(p.id), label: p.name })), { value: NEW_PANEL, label: 'New panel' }]}
      />
      {saved ? <SuccessText>{saved}</SuccessText> : null}
      <PanelForm
        studyId={id}
        panel={panel}
        onDone={() => { setSaved(panel ? 'Panel saved.' : 'Panel created.'); if (!panel) setChosen(null); }}
      />
      <div><Link href={`/my_studies/overview/${id}`}>Back to the overview</Link></div>
    </Wrap>
  );
}
