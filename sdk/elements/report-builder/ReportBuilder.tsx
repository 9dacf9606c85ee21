import { createElement, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, Modal, Spinner, Toast, tokens, useNavigate } from '../../ui';
import { useResource } from '../../core/resource/hooks';
import { stimTree } from '../../core/reports/reports';
import {
  ambiguousQueryNames, isReportType, keysForStimsQuery, NO_REPORT_TITLE, needsStims, REPORT_TITLES, REPORT_TYPE_LABELS, REPORT_TYPES, reportPath, stimsQueryEntries, stimsQueryValue, treeStims,
  type ReportType, type StimKey, type TreeStim,
} from '../../core/reports/keys';
import { EMPTY_STUDY_IMAGE, EXPLANATION_ALT, EXPLANATION_IMAGE, ReportImage, StimName } from '../../features/report-common';
import { AttentionReport } from '../../features/report-attention';
import { KpiReport } from '../../features/report-kpi';
import { FeatureReport } from '../../features/report-feature';
import { SaveToMyReports } from '../../features/save-report';

export const NO_STIM_ERROR = 'Please select at least one stim';
export const COPIED = 'Copied successfully';

const Layout = styled.div`
  display: grid;
  gap: ${tokens.space5};
  grid-template-columns: minmax(260px, 320px) minmax(0, 1fr);
  align-items: start;
  @media (max-width: 900px) { grid-template-columns: minmax(0, 1fr); }
`;
const Side = styled.aside`
  display: grid;
  gap: ${tokens.space4};
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radiusLg};
  padding: ${tokens.space4};
  min-width: 0;
  h2 { font-size: 1.2em; margin: 0; }
  fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
  legend { font-weight: 600; margin-bottom: ${tokens.space2}; padding: 0; }
  .types label { display: flex; gap: 8px; align-items: center; padding: 3px 0; cursor: pointer; }
  input { accent-color: ${tokens.primary}; width: 16px; height: 16px; }
  .url { display: flex; gap: ${tokens.space2}; }
  .url input { flex: 1; min-width: 0; width: auto; height: auto; font: inherit; padding: 6px 8px; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; background: ${tokens.surfaceAlt}; }
`;
const Tree = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: 420px;
  overflow: auto;
  ul { list-style: none; margin: 0; padding-left: 20px; }
  li > div { display: flex; align-items: center; gap: 6px; padding: 2px 0; min-width: 0; }
  label { display: flex; gap: 6px; align-items: center; cursor: pointer; min-width: 0; overflow-wrap: anywhere; }
  button.preview { font: inherit; font-size: 0.85em; border: 1px solid ${tokens.border}; background: ${tokens.surface}; color: ${tokens.primaryStrong}; border-radius: ${tokens.radius}; padding: 0 6px; cursor: pointer; flex: none; }
`;
const Main = styled.section`
  min-width: 0;
  h1 { margin: 0 0 ${tokens.space4}; font-size: 1.5em; }
  .explain, .empty { text-align: center; color: ${tokens.muted}; }
  .explain img, .empty img { max-width: 100%; height: auto; }
`;

/** A checkbox whose third state (some children ticked) is the native indeterminate (announced as mixed). */
function TriCheckbox({ state, onChange, label, part }: { state: 'all' | 'some' | 'none'; onChange: (checked: boolean) => void; label: React.ReactNode; part: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <label part={part}>
      <input ref={ref} type="checkbox" checked={state === 'all'} aria-checked={state === 'some' ? 'mixed' : state === 'all'} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

const stateOf = (keys: StimKey[], selected: Set<StimKey>): 'all' | 'some' | 'none' => {
  const n = keys.filter((k) => selected.has(k)).length;
  return n === 0 ? 'none' : n === keys.length ? 'all' : 'some';
};

interface Generated {
  type: ReportType;
  stims: StimKey[];
}

export interface ReportBuilderProps {
  studyId?: number;
  /** The `report_type` of a shared address: preselects the type and generates at once (D3-183). */
  reportType?: string;
  /** The `stims` of a shared address: names joined by '|', '.' for a space (D3-182). */
  stims?: string;
}

/**
 * 'Create your reports' (spec document 3 §2.17): the stim tree, the report types, Generate Report,
 * the copyable address, and the generated report beside them.
 */
export function ReportBuilder({ studyId = 0, reportType, stims: stimsQuery }: ReportBuilderProps) {
  const tree = useResource(stimTree, studyId, { enabled: studyId > 0 });
  const navigate = useNavigate();
  const all = useMemo(() => (tree.data ? treeStims(tree.data) : []), [tree.data]);
  const [selected, setSelected] = useState<Set<StimKey>>(new Set());
  const [type, setType] = useState<ReportType | null>(null);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [preview, setPreview] = useState<TreeStim | null>(null);
  // Names of a shared address that select several placements (a link of the spec's name form).
  const [ambiguous, setAmbiguous] = useState<{ name: string; labels: string[] }[]>([]);
  const typesId = useId();
  const urlId = useId();
  // The address this builder last sent the host to: when it comes back as attributes it is not
  // re-applied, since names would widen a selection of one placement to every stim of that name.
  const own = useRef<{ stims: string; type: string } | null>(null);

  // A shared address preselects (and with a type, generates) once the tree is known, and again
  // whenever the address changes.
  useEffect(() => {
    if (!tree.data) return;
    if (own.current && own.current.stims === (stimsQuery ?? '') && own.current.type === (reportType ?? '')) return;
    own.current = null;
    const keys = keysForStimsQuery(all, stimsQuery);
    setSelected(new Set(keys));
    setAmbiguous(ambiguousQueryNames(all, stimsQuery));
    const t = isReportType(reportType) && (reportType !== 'questionAnswers' || tree.data.has_survey) ? reportType : null;
    setType(t);
    if (t) {
      if (needsStims(t) && !keys.length) {
        setGenerated(null);
        setError(NO_STIM_ERROR);
      } else {
        setGenerated({ type: t, stims: keys });
        setError(null);
      }
    }
  }, [tree.data, all, stimsQuery, reportType]);

  const offered = REPORT_TYPES.filter((t) => t !== 'questionAnswers' || tree.data?.has_survey);
  const selectedStims = all.filter((s) => selected.has(s.key));
  const selectedLabels = selectedStims.map((s) => s.label);
  // Names where they are unambiguous, placement keys where the study places a name twice (issue 37 item 5).
  const entries = stimsQueryEntries(selectedStims, all);
  const path = type ? reportPath(studyId, type, entries) : null;
  const origin = typeof location !== 'undefined' ? location.origin : '';

  const toggle = (keys: StimKey[], on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const k of keys) if (on) next.add(k); else next.delete(k);
      return next;
    });
    setError(null);
    setAmbiguous([]);
  };

  const generate = () => {
    if (!type) return;
    const keys = all.filter((s) => selected.has(s.key)).map((s) => s.key);
    if (needsStims(type) && !keys.length) {
      setError(NO_STIM_ERROR);
      return;
    }
    setError(null);
    setGenerated({ type, stims: keys });
    // The host keeps the address in step (a shared link reproduces the report).
    own.current = { stims: needsStims(type) ? stimsQueryValue(entries) : '', type };
    navigate(reportPath(studyId, type, entries));
  };

  const copy = async () => {
    if (!path) return;
    const text = origin + path;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard API refused (insecure origin, no permission): the older way.
      const input = document.createElement('textarea');
      input.value = text;
      document.body.appendChild(input);
      input.select();
      document.execCommand('copy');
      input.remove();
    }
    setCopied(true);
  };

  if (!studyId) return <ErrorText>No study given</ErrorText>;
  if (tree.error && !tree.data) return <ErrorText>{tree.error}</ErrorText>;
  if (!tree.data) return <Spinner $size={32} />;

  const title = type ? REPORT_TITLES[type] : NO_REPORT_TITLE;
  const cells = tree.data.data.filter((c) => c.step_list.some((s) => s.stimulus_list.length));

  return (
    <Layout part="report-builder">
      <Side part="chooser">
        <h2>Create your reports</h2>
        {all.length ? (
          <Tree part="stim-tree" aria-label="Stims">
            <li>
              <div>
                <TriCheckbox part="tree-study" state={stateOf(all.map((s) => s.key), selected)} onChange={(on) => toggle(all.map((s) => s.key), on)} label={tree.data.study_name} />
              </div>
              <ul>
                {cells.map((cell) => {
                  const cellStims = all.filter((s) => s.cellId === cell.cell_id);
                  return (
                    <li key={cell.cell_id}>
                      <div>
                        <TriCheckbox part="tree-cell" state={stateOf(cellStims.map((s) => s.key), selected)} onChange={(on) => toggle(cellStims.map((s) => s.key), on)} label={cell.cell_name} />
                      </div>
                      <ul>
                        {cell.step_list.map((step, i) => {
                          const stepStims = cellStims.filter((s) => s.stepId === step.step_id);
                          if (!stepStims.length) return null;
                          return (
                            <li key={step.step_id}>
                              <div>
                                <TriCheckbox part="tree-step" state={stateOf(stepStims.map((s) => s.key), selected)} onChange={(on) => toggle(stepStims.map((s) => s.key), on)} label={`Step ${i + 1}`} />
                              </div>
                              <ul>
                                {stepStims.map((s) => (
                                  <li key={s.key}>
                                    <div>
                                      <TriCheckbox part="tree-stim" state={selected.has(s.key) ? 'all' : 'none'} onChange={(on) => toggle([s.key], on)} label={<StimName name={s.name} />} />
                                      <button type="button" className="preview" part="preview-button" aria-label={`Preview ${s.label}`} onClick={() => setPreview(s)}>
                                        Preview
                                      </button>
                                    </div>
                                  </li>
                                ))}
                              </ul>
                            </li>
                          );
                        })}
                      </ul>
                    </li>
                  );
                })}
              </ul>
            </li>
          </Tree>
        ) : null}
        <fieldset className="types" part="report-types" aria-describedby={error ? typesId : undefined}>
          <legend>Report type</legend>
          {offered.map((t) => (
            <label key={t}>
              <input type="radio" name="report-type" value={t} checked={type === t} onChange={() => { setType(t); setError(null); }} />
              {REPORT_TYPE_LABELS[t]}
            </label>
          ))}
        </fieldset>
        {error ? <ErrorText id={typesId}>{error}</ErrorText> : null}
        {ambiguous.length ? (
          <p part="ambiguous-stims" role="note">
            {ambiguous.map((a) => `The address names '${a.name}', which this study places ${a.labels.length} times: all are selected (${a.labels.join('; ')}).`).join(' ')}
            {' '}Untick any you did not mean; the report URL below then names each placement exactly.
          </p>
        ) : null}
        <Button type="button" part="generate" onClick={generate} disabled={!type}>Generate Report</Button>
        {generated && generated.type === type ? (
          <>
            <SaveToMyReports studyId={studyId} reportType={generated.type} stims={generated.stims} defaultName={`${REPORT_TITLES[generated.type]}: ${selectedLabels.join(', ') || tree.data.study_name}`.slice(0, 100)} />
            {/* Share / Embed is its own element (issue 20), placed by tag (a dependency of this element). */}
            <TagElement tag="gaze-share-embed" attrs={{ 'study-id': String(studyId), 'report-type': generated.type, stims: generated.stims.join('|') }} fallback={null} />
          </>
        ) : null}
        {path ? (
          <div>
            <label htmlFor={urlId} style={{ fontWeight: 600, display: 'block', marginBottom: 4 }}>Report URL</label>
            <div className="url">
              <input id={urlId} part="report-url" readOnly value={origin + path} onFocus={(e) => e.currentTarget.select()} />
              <Button type="button" $variant="secondary" part="copy" onClick={() => void copy()}>Copy</Button>
            </div>
          </div>
        ) : null}
      </Side>
      <Main part="report" aria-live="polite">
        <h1 part="title">{title}</h1>
        {!all.length ? (
          <div className="empty" part="empty">
            <img src={EMPTY_STUDY_IMAGE} alt="" />
            <p>This study has no stims to report on yet.</p>
          </div>
        ) : !type ? (
          <div className="explain" part="explanation">
            <img src={EXPLANATION_IMAGE} alt={EXPLANATION_ALT} />
          </div>
        ) : generated && generated.type === type ? (
          <GeneratedReport studyId={studyId} report={generated} />
        ) : (
          <p>Press Generate Report to see the {REPORT_TYPE_LABELS[type]}.</p>
        )}
      </Main>
      {preview ? (
        <Modal open title={preview.name} onClose={() => setPreview(null)} part="preview">
          <ReportImage src={preview.preview} alt={`Preview of ${preview.name}`} video={['v', 'va', 'vx'].includes(preview.type)} />
        </Modal>
      ) : null}
      {copied ? <Toast kind="success" text={COPIED} onClose={() => setCopied(false)} /> : null}
    </Layout>
  );
}

function GeneratedReport({ studyId, report }: { studyId: number; report: Generated }) {
  if (report.type === 'compare') return <AttentionReport studyId={studyId} stims={report.stims} />;
  if (report.type === 'kpi') return <KpiReport studyId={studyId} stims={report.stims} />;
  if (report.type === 'feature') return <FeatureReport studyId={studyId} stims={report.stims} />;
  // Demographic and question reports are elements of their own areas, placed by tag name.
  const tag = report.type === 'demographics' ? 'gaze-demographic-report' : 'gaze-question-report';
  return <TagElement tag={tag} attrs={{ 'study-id': String(studyId) }} fallback={<Spinner />} />;
}

/**
 * Another area's element, by tag name: one of this element's `dependencies`
 * (report-builder.element.ts), which it loads itself; `fallback` until its code has arrived.
 */
function TagElement({ tag, attrs, fallback }: { tag: string; attrs: Record<string, string>; fallback: ReactNode }) {
  const [defined, setDefined] = useState(() => customElements.get(tag) !== undefined);
  useEffect(() => {
    if (defined) return;
    let live = true;
    void customElements.whenDefined(tag).then(() => live && setDefined(true));
    return () => { live = false; };
  }, [tag, defined]);
  return defined ? createElement(tag, attrs) : fallback;
}
