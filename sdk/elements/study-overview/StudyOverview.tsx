// The study overview (spec D2 §2.1, §4.1, §6): the title, status badge, phase tracker with the
// life-cycle buttons (Launch with its unmet checks, Pause, Resume, Complete study), the results banner, the study's links, and the blocks of §2.1. The panels and
// panel-links blocks are their own elements (<gaze-panels>, <gaze-panel-links>), placed here by
// tag with this element's configuration; the element loads them itself (its `dependencies`).
import { createElement, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useApi, useMutation, useResource } from '../../core/resource/hooks';
import { useGazeSelector } from '../../core/store/context';
import { selectSuperUser } from '../../core/session/selectors';
import {
  completeStudy, launchStudy, orderRunThrough, pauseStudy, resumeStudy, studyFiles, studyOverview, subscribe,
} from '../../core/study/study';
import { PHASES, COMPLETE_FROM_PHASE, type StudyOverview as Overview } from '../../core/api/study';
import {
  Button, ButtonLink, ConfirmDialog, ErrorText, Link, Modal, Spinner, SuccessText, Tooltip, formatDate, formatDateTime, tokens,
} from '../../ui';

/** The loader stays at least this long (D2-016). */
export const MIN_LOADER_MS = 500;
/** How the element waits; tests replace it to prove the minimum without measuring time. */
export const loaderClock = { wait: (ms: number) => new Promise<void>((resolve) => { setTimeout(resolve, ms); }) };

/** Stim names longer than 12 characters: 11 characters and an ellipsis (D2-015). */
export const STIM_NAME_MAX = 12;
export function stimLabel(name: string): string {
  return name.length > STIM_NAME_MAX ? `${name.slice(0, STIM_NAME_MAX - 1)}…` : name;
}

export const TEXT = {
  title: (name: string) => `${name} Overview`,
  live: 'LIVE STUDY',
  completed: 'Study completed',
  processing: (phase: string) => `Not live: ${phase}`,
  surveyDisabled: 'This button is permanently disabled',
  congratulations: 'Congratulations',
  resultsReady: 'Your results are now ready for inspection',
  viewResults: 'View results',
  completeStudy: 'Complete study',
  completeQuestion: 'Complete this study? It stops collecting data and cannot be undone.',
  completeTooEarly: `A study can be completed from ${PHASES[COMPLETE_FROM_PHASE - 1].name} on`,
  paused: 'PAUSED',
  launch: 'Launch',
  launchQuestion: 'Launch this study? Its live links start taking respondents and it moves to Data Collection.',
  launchOverride: 'Launch anyway',
  launchOverrideQuestion: 'These checks are unmet. As a super user you may launch anyway; the timeline records which checks were overridden.',
  launchBlocked: 'Before this study can be launched:',
  pause: 'Pause',
  pauseQuestion: "Pause fieldwork? Live links will tell respondents the study is paused and send them to the panel's screen-out redirect.",
  resume: 'Resume',
  resumeQuestion: 'Resume fieldwork? Live links take respondents again.',
  planned: 'Planned',
  automate: 'Automate',
  automateQuestion: 'Confirm the trigger of the study run through test?',
  onlyAdmin: 'Only Admin can automate this study',
  subscribe: 'Subscribe',
  subscribed: 'Subscribed to updates',
  subscribeTitle: 'Subscribe to study updates',
  subscribeText: (email: string) => `Updates about this study (launch, pause, phase changes and completion) will be sent to ${email}.`,
  noEmail: 'Your profile has no e-mail address. Add one in My details to subscribe.',
  pending: 'pending',
} as const;

const Wrap = styled.div`
  display: grid;
  gap: 16px;
  a { color: ${tokens.primaryStrong}; }
`;
const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  h1 { margin: 0; font-size: 1.5rem; overflow-wrap: anywhere; }
`;
type StatusKind = 'live' | 'paused' | 'completed' | 'processing';
const Badge = styled.span<{ $kind: StatusKind }>`
  padding: 4px 10px;
  border-radius: 999px;
  font-weight: 600;
  font-size: 0.85rem;
  background: ${(p) => (p.$kind === 'live' ? tokens.success : p.$kind === 'completed' ? tokens.primaryStrong : tokens.surfaceAlt)};
  /* The surface colour on the strong fills: white in light, the dark surface in dark (white on the dark palette's light fills fails 4.5:1). */
  color: ${(p) => (p.$kind === 'processing' || p.$kind === 'paused' ? tokens.text : tokens.surface)};
  ${(p) => (p.$kind === 'paused' ? `border: 2px solid ${tokens.success};` : '')}
`;
const Spacer = styled.span`flex: 1;`;
const Tracker = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 6px 10px;
    border: 1px solid ${tokens.border};
    border-radius: ${tokens.radius};
    background: ${tokens.surface};
  }
  li[data-reached='true'] { border-color: ${tokens.primary}; }
  li[aria-current='step'] { font-weight: 600; }
  .tick { color: ${tokens.success}; font-weight: 700; }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;
const Banner = styled.section`
  border: 1px solid ${tokens.success};
  border-radius: ${tokens.radius};
  padding: 12px 16px;
  background: ${tokens.surface};
  h2 { margin: 0 0 4px; font-size: 1.1rem; }
  p { margin: 0 0 8px; }
`;
const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 320px), 1fr));
`;
const Block = styled.section`
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  background: ${tokens.surface};
  padding: 12px 16px;
  min-width: 0;
  h2 { font-size: 1.05rem; margin: 0 0 8px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; }
  dt { font-weight: 500; }
  dd { margin: 0; overflow-wrap: anywhere; }
  ul, ol { margin: 0; padding-left: 18px; }
  li { margin: 2px 0; overflow-wrap: anywhere; }
`;
const Wide = styled(Block)`grid-column: 1 / -1;`;
const Muted = styled.span`color: ${tokens.muted};`;
const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: 48px 0;
`;
const StimName = styled.span`
  &:focus-visible { outline: 2px solid ${tokens.primaryStrong}; }
`;

function useMinimumDelay(ms: number, key: string): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    setDone(false);
    void loaderClock.wait(ms).then(() => { if (live) setDone(true); });
    return () => { live = false; };
  }, [ms, key]);
  return done;
}

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
/** Requests of the study's content the run-through refused (private or local addresses; issue 36). */
const refusedCount = (r: Overview['run_throughs'][number]) => (r.cells ?? []).reduce((n, c) => n + (c.refused_total ?? 0), 0);

const range = (start: string | null, end: string | null) =>
  `${start ? formatDate(start) : TEXT.pending} – ${end ? formatDate(end) : TEXT.pending}`;
/** The actual fieldwork: first counted live session to completion ('pending' while open). */
const dateRange = (o: Overview) => range(o.data_collection_start, o.data_collection_end);
/** The proposed dates of the study details, shown as planned. */
const plannedRange = (o: Overview) => range(o.planned_data_collection_start ?? null, o.planned_data_collection_end ?? null);

function statusOf(o: Overview): { kind: StatusKind; text: string } {
  if (o.completed) return { kind: 'completed', text: TEXT.completed };
  if (o.live && o.paused) return { kind: 'paused', text: TEXT.paused };
  if (o.live) return { kind: 'live', text: TEXT.live };
  return { kind: 'processing', text: TEXT.processing(o.phase_name) };
}

type Confirm = null | 'launch' | 'pause' | 'resume' | 'complete';

/**
 * Another element placed by tag, configured like this one (api base, token, company). Its code is
 * one of study-overview.element.ts's `dependencies`: it upgrades in place once loaded.
 */
function Nested({ tag, studyId }: { tag: string; studyId: string }) {
  const api = useApi();
  const attrs: Record<string, string> = { 'study-id': studyId };
  if (api.apiBase) attrs['api-base'] = api.apiBase;
  if (api.token) attrs.token = api.token;
  if (api.companyId) attrs['company-id'] = String(api.companyId);
  return createElement(tag, attrs);
}

function FilesButton({ studyId }: { studyId: number }) {
  const [open, setOpen] = useState(false);
  const files = useResource(studyFiles, studyId, { enabled: open });
  return (
    <>
      <Button $variant="secondary" onClick={() => setOpen(true)}>Files</Button>
      <Modal open={open} title="Study files" onClose={() => setOpen(false)}>
        {files.loading ? <Spinner /> : files.error ? <ErrorText>{files.error}</ErrorText> : (
          <ul>
            {(files.data?.data ?? []).map((f) => (
              <li key={f.id}>
                {f.url ? <a href={f.url} target="_blank" rel="noreferrer">{f.name}</a> : f.name} <Muted>({f.type})</Muted>
                {f.description ? <div>{f.description}</div> : null}
              </li>
            ))}
          </ul>
        )}
        <Row><Button $variant="secondary" onClick={() => setOpen(false)}>Close</Button></Row>
      </Modal>
    </>
  );
}

export function StudyOverview({ studyId }: { studyId?: string }) {
  const id = Number(studyId);
  const valid = Number.isInteger(id) && id > 0;
  const overview = useResource(studyOverview, id, { enabled: valid });
  const minDone = useMinimumDelay(MIN_LOADER_MS, String(id));
  const superUser = useGazeSelector(selectSuperUser);
  const complete = useMutation(completeStudy, String(id));
  const launch = useMutation(launchStudy, String(id));
  const pause = useMutation(pauseStudy, String(id));
  const resume = useMutation(resumeStudy, String(id));
  const sub = useMutation(subscribe, String(id));
  const automate = useMutation(orderRunThrough, String(id));
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [confirmAutomate, setConfirmAutomate] = useState(false);
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  const writes = { launch, pause, resume, complete } as const;
  const active = confirm ? writes[confirm] : null;

  // Dialogs close once their write has finished (D2-046): success or failure, the page says which.
  useEffect(() => { if (active && (active.done || active.error)) setConfirm(null); }, [active, active?.done, active?.error, active?.count]);
  useEffect(() => { if (automate.done || automate.error) setConfirmAutomate(false); }, [automate.done, automate.error, automate.count]);
  useEffect(() => { if (sub.done) setSubscribeOpen(false); }, [sub.done, sub.count]);

  if (!valid) return <ErrorText>No study selected.</ErrorText>;
  const o = overview.data;
  if (!minDone || (!o && !overview.error)) {
    return <Center part="loader"><Spinner $size={40} /></Center>;
  }
  // The page keeps its one h1 (issue 38) above the error.
  if (!o) return <><h1>Study overview</h1><ErrorText>{overview.error ?? 'Something went wrong'}</ErrorText></>;

  const base = `/my_studies/overview/${id}`;
  const status = statusOf(o);
  const runs = o.run_throughs;

  const ask = (which: Exclude<Confirm, null>) => { writes[which].reset(); setConfirm(which); };
  const unmet = (o.launch_checks ?? []).filter((c) => !c.passed);
  // Phase 3 without live: data that came before launches existed; launching opens its links.
  const launchable = !o.live && !o.completed && o.phase_id <= COMPLETE_FROM_PHASE;
  const controls: ReactNode[] = [];
  if (launchable) {
    const blocked = unmet.length > 0 && !superUser;
    controls.push(blocked ? (
      <Button key="launch" part="launch" aria-disabled="true" aria-describedby="gaze-launch-checks" onClick={(e) => e.preventDefault()}>{TEXT.launch}</Button>
    ) : (
      <Button key="launch" part="launch" onClick={() => ask('launch')}>{unmet.length ? TEXT.launchOverride : TEXT.launch}</Button>
    ));
  }
  if (o.live && !o.completed && !o.paused) controls.push(<Button key="pause" $variant="secondary" part="pause" onClick={() => ask('pause')}>{TEXT.pause}</Button>);
  if (o.live && !o.completed && o.paused) controls.push(<Button key="resume" part="resume" onClick={() => ask('resume')}>{TEXT.resume}</Button>);

  let completion: ReactNode;
  if (o.completed || o.phase_id > 4) {
    completion = <span part="completed-tick"><span className="tick" aria-hidden="true">✓</span> {TEXT.completed}</span>;
  } else if (o.phase_id < COMPLETE_FROM_PHASE) {
    completion = (
      <Tooltip content={TEXT.completeTooEarly}>
        <Button $variant="secondary" aria-disabled="true" part="complete-study" onClick={(e) => e.preventDefault()}>{TEXT.completeStudy}</Button>
      </Tooltip>
    );
  } else {
    completion = <Button part="complete-study" onClick={() => ask('complete')}>{TEXT.completeStudy}</Button>;
  }
  const failed = [launch, pause, resume, complete].find((m) => m.error);
  const dialog: Record<Exclude<Confirm, null>, { title: string; message: ReactNode; label: string; run: () => void }> = {
    launch: {
      title: TEXT.launch,
      message: unmet.length ? (
        <>
          <p>{TEXT.launchOverrideQuestion}</p>
          <ul>{unmet.map((c) => <li key={c.id}>{c.message ?? c.label}</li>)}</ul>
        </>
      ) : TEXT.launchQuestion,
      label: unmet.length ? TEXT.launchOverride : TEXT.launch,
      run: () => launch.run({ studyId: id, override: unmet.length > 0 }),
    },
    pause: { title: TEXT.pause, message: TEXT.pauseQuestion, label: TEXT.pause, run: () => pause.run(id) },
    resume: { title: TEXT.resume, message: TEXT.resumeQuestion, label: TEXT.resume, run: () => resume.run(id) },
    complete: { title: TEXT.completeStudy, message: TEXT.completeQuestion, label: TEXT.completeStudy, run: () => complete.run(id) },
  };
  const open = confirm ? dialog[confirm] : null;

  return (
    <Wrap part="study-overview" aria-busy={overview.loading || undefined}>
      <Head>
        <h1>{TEXT.title(o.study_name)}</h1>
        <Badge $kind={status.kind} part="status">{status.text}</Badge>
        <Spacer />
        {o.subscribed ? <Muted part="subscribed">{TEXT.subscribed}</Muted> : (
          <Button $variant="secondary" part="subscribe" onClick={() => { sub.reset(); setSubscribeOpen(true); }}>{TEXT.subscribe}</Button>
        )}
        {o.has_files ? <FilesButton studyId={id} /> : null}
      </Head>

      <section aria-label="Study phase">
        <Row>
          <Tracker part="phases">
            {PHASES.map((p) => (
              <li key={p.id} data-reached={p.id <= o.phase_id ? 'true' : 'false'} aria-current={p.id === o.phase_id ? 'step' : undefined}>
                {p.id <= o.phase_id ? <span className="tick" aria-label="reached">✓</span> : null}
                {p.name}
              </li>
            ))}
          </Tracker>
          <Row part="lifecycle">
            {controls}
            {completion}
          </Row>
        </Row>
        {launchable && unmet.length ? (
          <div id="gaze-launch-checks" part="launch-checks">
            <p>{TEXT.launchBlocked}</p>
            <ul>{unmet.map((c) => <li key={c.id} data-check={c.id}>{c.message ?? c.label}</li>)}</ul>
          </div>
        ) : null}
        {failed?.error ? <ErrorText part="lifecycle-error">{failed.error}</ErrorText> : null}
      </section>

      {o.has_results ? (
        <Banner part="results-banner" aria-labelledby="gaze-results-heading">
          <h2 id="gaze-results-heading">{TEXT.congratulations}</h2>
          <p>{TEXT.resultsReady}</p>
          <ButtonLink href={`${base}/reports-new`} part="view-results">{TEXT.viewResults}</ButtonLink>
        </Banner>
      ) : null}

      <nav aria-label="Study pages">
        <Row>
          <ButtonLink href={`${base}/edit-details`}>Edit details</ButtonLink>
          <ButtonLink href={`${base}/cell_step_management`}>Edit structure</ButtonLink>
          <ButtonLink href={`${base}/study-specific-stims`}>Study specific stims</ButtonLink>
          <ButtonLink href={`${base}/edit-audience`}>Edit audience</ButtonLink>
          <Tooltip content={TEXT.surveyDisabled}>
            <Button $variant="secondary" aria-disabled="true" part="survey-questions" onClick={(e) => e.preventDefault()}>Survey questions</Button>
          </Tooltip>
        </Row>
      </nav>

      <Grid>
        <Block aria-labelledby="gaze-b-details">
          <h2 id="gaze-b-details">Study details</h2>
          <dl>
            <dt>Brief</dt><dd>{o.brief || <Muted>—</Muted>}</dd>
            <dt>Language</dt><dd>{o.language ?? <Muted>—</Muted>}</dd>
            <dt>Data collection</dt><dd part="date-range">{dateRange(o)}</dd>
            <dt>{TEXT.planned}</dt><dd part="planned-range">{plannedRange(o)}</dd>
            <dt>Environment</dt><dd>{o.environment ?? <Muted>—</Muted>}</dd>
            <dt>Media</dt><dd>{o.media ?? <Muted>—</Muted>}</dd>
          </dl>
        </Block>
        <Block aria-labelledby="gaze-b-structure">
          <h2 id="gaze-b-structure">Study structure</h2>
          <dl>
            <dt>Cells</dt><dd>{o.cell_step_stim_overview.cell_count}</dd>
            <dt>Stims</dt><dd>{o.cell_step_stim_overview.stim_count}</dd>
          </dl>
          <p><Link href={`${base}/cell_step_management`}>Edit study structure</Link></p>
        </Block>
        <Block aria-labelledby="gaze-b-survey">
          <h2 id="gaze-b-survey">Survey details</h2>
          <dl>
            <dt>Survey</dt><dd>{yesNo(o.survey_overview.has_survey)}</dd>
            <dt>Demographics</dt><dd>{yesNo(o.survey_overview.has_demographics)}</dd>
            <dt>Questions</dt><dd>{o.survey_overview.num_questions}</dd>
          </dl>
        </Block>
        <Block aria-labelledby="gaze-b-stims">
          <h2 id="gaze-b-stims">Stims</h2>
          {o.stims.length ? (
            <ul part="stims">
              {o.stims.map((s) => (
                <li key={s.id}>
                  {s.name.length > STIM_NAME_MAX ? (
                    <Tooltip content={s.name}>
                      <StimName tabIndex={0}>{stimLabel(s.name)}</StimName>
                    </Tooltip>
                  ) : s.name}
                </li>
              ))}
            </ul>
          ) : <Muted>No stims in this study yet.</Muted>}
        </Block>
        <Wide aria-labelledby="gaze-b-panels">
          <h2 id="gaze-b-panels">Panels</h2>
          <p>
            Participants requested: {o.audience_overview.participants_requested} · returned: {o.audience_overview.participants_returned}
            {/* Respondents who declined the consent text (issue 41): counted, nothing else kept about them. */}
            {' · declined consent: '}{o.audience_overview.consent_refusals ?? 0}
          </p>
          <Nested tag="gaze-panels" studyId={String(id)} />
        </Wide>
        <Wide aria-labelledby="gaze-b-links">
          <h2 id="gaze-b-links">Panel links</h2>
          <Nested tag="gaze-panel-links" studyId={String(id)} />
        </Wide>
        <Wide aria-labelledby="gaze-b-share">
          <h2 id="gaze-b-share">Share reports</h2>
          <p>Embed this study&apos;s reports in another site with a read-only token that expires and can be revoked.</p>
          <Nested tag="gaze-share-embed" studyId={String(id)} />
        </Wide>
        <Block aria-labelledby="gaze-b-timeline">
          <h2 id="gaze-b-timeline">Order timeline</h2>
          <ol part="timeline">
            {o.timeline.map((e) => (
              <li key={`${e.kind}-${e.id}`}>
                <time dateTime={e.at}>{formatDateTime(e.at)}</time> — {e.text}{e.by ? <Muted> ({e.by})</Muted> : null}
              </li>
            ))}
          </ol>
        </Block>
        <Block aria-labelledby="gaze-b-actions">
          <h2 id="gaze-b-actions">Actions</h2>
          <ul part="actions">
            {o.actions.map((a) => (
              <li key={a.id}>
                <strong>{a.name}</strong>:{' '}
                {a.assignments.length ? a.assignments.map((x) => x.email).join(', ') : <Muted>no one assigned</Muted>}
              </li>
            ))}
          </ul>
        </Block>
        <Block aria-labelledby="gaze-b-run">
          <h2 id="gaze-b-run">Study run-through</h2>
          {runs.length ? (
            <ul part="run-throughs">
              {runs.slice(0, 5).map((r) => (
                <li key={r.id}>
                  {formatDateTime(r.created_at)} — {r.status}{r.result ? `: ${r.result}` : ''}{r.requested_by ? <Muted> ({r.requested_by})</Muted> : null}
                  {refusedCount(r) ? <Muted part="run-through-refused">{` — ${refusedCount(r)} ${refusedCount(r) === 1 ? 'request' : 'requests'} to private or local addresses refused (details in My Validations)`}</Muted> : null}
                </li>
              ))}
            </ul>
          ) : <p><Muted>No run-through yet.</Muted></p>}
          <Row>
            {superUser ? (
              <Button part="automate" onClick={() => { automate.reset(); setConfirmAutomate(true); }}>{TEXT.automate}</Button>
            ) : (
              <Tooltip content={TEXT.onlyAdmin}>
                <Button part="automate" aria-disabled="true" onClick={(e) => e.preventDefault()}>{TEXT.automate}</Button>
              </Tooltip>
            )}
          </Row>
          {automate.done ? <SuccessText>Run-through ordered: it is queued.</SuccessText> : null}
          {automate.error ? <ErrorText>{automate.error}</ErrorText> : null}
        </Block>
      </Grid>

      <ConfirmDialog
        open={open !== null}
        title={open?.title ?? ''}
        message={open?.message ?? ''}
        confirmLabel={open?.label}
        busy={active?.pending}
        onConfirm={() => open?.run()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirmAutomate}
        title={TEXT.automate}
        message={TEXT.automateQuestion}
        confirmLabel="Confirm"
        busy={automate.pending}
        onConfirm={() => automate.run(id)}
        onCancel={() => setConfirmAutomate(false)}
      />
      <Modal open={subscribeOpen} title={TEXT.subscribeTitle} onClose={() => setSubscribeOpen(false)} part="subscribe-dialog">
        <p>{o.user_email ? TEXT.subscribeText(o.user_email) : TEXT.noEmail}</p>
        {sub.error ? <ErrorText>{sub.error}</ErrorText> : null}
        <Row>
          <Button $variant="secondary" onClick={() => setSubscribeOpen(false)}>Cancel</Button>
          <Button disabled={!o.user_email || sub.pending} onClick={() => sub.run(id)}>{TEXT.subscribe}</Button>
        </Row>
      </Modal>
    </Wrap>
  );
}
