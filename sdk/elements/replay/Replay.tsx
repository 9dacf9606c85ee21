import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, NotFoundState, SearchBox, Select, Spinner, VisuallyHidden, tokens, useEmit, GAZE_EVENTS } from '../../ui';
import { useResource } from '../../core/resource/hooks';
import { parseStimKey, type StimKey } from '../../core/reports/keys';
import { parseReplayFilters, replayData, replayRespondents, REPLAY_ERROR } from '../../core/replay/replay';
import {
  advance, clamp, fixationAt, fixationsStarted, formatClock, REPLAY_SPEEDS, replayFrames, SCRUB_STEP_MS, togglePlay, trail,
  videoTime, viewableAt, type ClockState,
} from '../../core/replay/timeline';
import type { ReplayData, ReplayRespondent, ReplayStim } from '../../core/api/replay';

/** Fired when the viewer picks another respondent (the host may put it in its address). */

export interface ReplayProps {
  studyId?: number;
  /** `cell:step:study:stim` */
  stimKey?: string;
  participant?: number;
  /** The report's demographic filters as JSON, e.g. `{"age_group_ids":[1]}`. */
  filters?: string;
}

const Root = styled.section`
  display: grid;
  /* minmax(0, …): a wide child (slider, select) never pushes the page wider than a phone. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${tokens.space3};
  color: ${tokens.text};
  header { display: flex; flex-wrap: wrap; gap: ${tokens.space3}; align-items: flex-end; justify-content: space-between; }
  h2 { margin: 0; font-size: 1.25em; }
  .muted { color: ${tokens.muted}; font-size: 0.9em; margin: 0; }
  [part='respondent-picker'] { display: flex; flex-wrap: wrap; gap: ${tokens.space2}; align-items: flex-end; }
  [part='respondent-picker'] > * { min-width: 0; flex: 1 1 220px; }
`;

const Player = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${tokens.space2};
  &:focus-visible { outline: 2px solid ${tokens.primaryStrong}; outline-offset: 4px; }
`;

const Stage = styled.div`
  position: relative;
  width: 100%;
  background: #e0e0e0;
  border: 1px solid ${tokens.border};
  overflow: hidden;
  img, video, .blank { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: fill; display: block; }
  svg { position: absolute; inset: 0; width: 100%; height: 100%; }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space2};
  align-items: flex-end;
  input[type='range'] { flex: 1 1 160px; min-width: 0; accent-color: ${tokens.primaryStrong}; }
  .clock { font-variant-numeric: tabular-nums; min-width: 9ch; }
  .speed { flex: 0 0 auto; }
  .speed select { min-width: 90px; }
`;

const Timeline = styled.div`
  position: relative;
  height: 18px;
  background: ${tokens.border};
  border-radius: 3px;
  .iv { position: absolute; top: 0; bottom: 0; background: ${tokens.primary}; opacity: 0.55; }
  .fx { position: absolute; top: 4px; bottom: 4px; width: 2px; background: ${tokens.text}; }
  .head { position: absolute; top: -3px; bottom: -3px; width: 2px; background: ${tokens.danger}; }
`;

const pct = (ms: number, duration: number) => `${duration > 0 ? (clamp(ms, duration) / duration) * 100 : 0}%`;

export function ReplayElement({ studyId = 0, stimKey, participant, filters }: ReplayProps) {
  const ref = parseStimKey(stimKey ?? '');
  if (!studyId || !ref || ref.studyId !== studyId) {
    return <NotFoundState title="Stim not found" backHref={studyId ? `/my_studies/overview/${studyId}/reports` : '/my_studies'} backLabel="Back to the reports">There is no such stim in this study to replay.</NotFoundState>;
  }
  return <Replay studyId={studyId} stim={stimKey!.trim() as StimKey} participant={participant} filters={filters} />;
}

function respondentLabel(r: ReplayRespondent): string {
  const notes = [r.is_test ? 'test session' : null, !r.is_test && !r.measured ? 'not in the base' : null].filter(Boolean);
  return `${r.reference}${notes.length ? ` (${notes.join(', ')})` : ''} · ${r.fixation_count} fixation${r.fixation_count === 1 ? '' : 's'} on the stim`;
}

function Replay({ studyId, stim, participant, filters }: { studyId: number; stim: StimKey; participant?: number; filters?: string }) {
  const emit = useEmit();
  const [search, setSearch] = useState('');
  const filterValue = useMemo(() => parseReplayFilters(filters), [filters]);
  const list = useResource(replayRespondents, { stim, filters: filterValue, search }, { keepPrevious: true });
  const [chosen, setChosen] = useState<number | null>(participant || null);
  useEffect(() => setChosen(participant || null), [participant]);
  const rows = list.data?.data ?? [];
  // Without a choice: the first respondent with fixations to show (real ones come first).
  const current = chosen ?? (rows.find((r) => r.fixation_count > 0) ?? rows[0])?.participant_id ?? null;
  const replay = useResource(replayData, { stim, participant: current ?? 0 }, { enabled: current !== null });

  if (list.errorStatus === 404) {
    return <NotFoundState title="Stim not found" backHref={`/my_studies/overview/${studyId}/reports`} backLabel="Back to the reports">This stim is not in this study, or the study is not yours.</NotFoundState>;
  }
  if (list.error && !list.data) return <Root part="gaze-replay"><ErrorText>{list.error || REPLAY_ERROR}</ErrorText></Root>;
  if (!list.data) return <Root part="gaze-replay" aria-busy="true"><Spinner $size={32} /></Root>;

  const info = list.data.stim;
  const options = rows.map((r) => ({ value: String(r.participant_id), label: respondentLabel(r) }));
  const shown = replay.data?.data;
  if (current !== null && !options.some((o) => o.value === String(current)) && shown && shown.participant_id === current) {
    options.unshift({ value: String(current), label: respondentLabel(shown) });
  }
  const choose = (v: string) => {
    const id = Number(v);
    if (!id) return;
    setChosen(id);
    emit(GAZE_EVENTS.replayRespondent, { participant: id });
  };

  return (
    <Root part="gaze-replay" aria-labelledby="gaze-replay-title">
      <header>
        <div>
          <h2 id="gaze-replay-title" part="replay-heading">Gaze replay: {info.name}</h2>
          <p className="muted">Fixations and raw gaze of one respondent over the stim, on the page&apos;s own clock.</p>
        </div>
      </header>
      <div part="respondent-picker">
        <div><SearchBox placeholder="Search respondents" value={search} onSearch={setSearch} /></div>
        <Select label="Respondent" value={current === null ? '' : String(current)} options={options} onChange={choose}
          placeholder={options.length ? undefined : 'No respondents'} disabled={!options.length} />
      </div>
      <p className="muted" part="respondent-count">
        {list.data.total} respondent{list.data.total === 1 ? '' : 's'}
        {rows.length < list.data.total ? `, the first ${rows.length} listed (search for others)` : ''}
        {Object.keys(filterValue).length ? ' after the report\'s demographic filters' : ''}
      </p>
      {/* Issue 41: respondents whose raw gaze retention removed replay no gaze. */}
      {list.data.raw_gaze_notice ? <p part="retention-notice" role="note">{list.data.raw_gaze_notice}</p> : null}
      {current === null ? (
        <p part="no-respondents">No respondent has seen this stim{search ? ' matching the search' : ''} yet.</p>
      ) : replay.error && !replay.data ? (
        <ErrorText>{replay.error || REPLAY_ERROR}</ErrorText>
      ) : !shown || shown.participant_id !== current ? (
        <div aria-busy="true"><Spinner $size={32} /></div>
      ) : (
        <ReplayPlayer key={`${stim}/${current}`} stim={replay.data!.stim} data={shown} />
      )}
    </Root>
  );
}

function ReplayPlayer({ stim, data }: { stim: ReplayStim; data: ReplayData }) {
  const duration = Math.max(0, data.duration_ms);
  const [clock, setClock] = useState<ClockState>({ t: 0, playing: false, speed: 1 });
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!clock.playing) return;
    const frames = replayFrames();
    let last = frames.now();
    let id = 0;
    const step = (now: number) => {
      const elapsed = now - last;
      last = now;
      setClock((c) => advance(c, elapsed, duration));
      id = frames.request(step);
    };
    id = frames.request(step);
    return () => frames.cancel(id);
  }, [clock.playing, duration]);

  // The video follows the replay clock: its own time is the playing time before t.
  const vTime = stim.kind === 'video' ? videoTime(data.viewability, clock.t) / 1000 : 0;
  const inPlay = clock.playing && (data.viewability.length === 0 || data.viewability.some((i) => i.playing !== false && i.start_ms <= clock.t && clock.t < i.end_ms));
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    v.playbackRate = clock.speed;
    if (inPlay) {
      if (v.paused) void v.play().catch(() => {});
      if (Math.abs(v.currentTime - vTime) > 0.3) v.currentTime = vTime;
    } else {
      if (!v.paused) v.pause();
      if (Math.abs(v.currentTime - vTime) > 0.04) v.currentTime = vTime;
    }
  }, [vTime, inPlay, clock.speed]);

  const t = clock.t;
  const W = Math.max(1, stim.width), H = Math.max(1, stim.height);
  const started = fixationsStarted(data.fixations, t);
  const now = fixationAt(data.fixations, t);
  const path = trail(data.samples, t);
  const base = Math.max(W, H) / 60;
  // Labels readable but inside thin stims (a 728×90 leaderboard): by the long side, capped by the short one.
  const label = Math.min(Math.max(W, H) / 40, Math.min(W, H) / 6);
  const inside = (f: { x: number; y: number }) => f.x >= 0 && f.y >= 0 && f.x <= W && f.y <= H;
  const onStim = data.fixations.slice(0, started).map((f, i) => ({ f, i })).filter(({ f }) => inside(f));
  const radius = (ms: number) => Math.min(base * 3, Math.max(base * 0.6, base * Math.sqrt(Math.max(ms, 0) / 200)));
  const viewable = viewableAt(data.viewability, t);
  const shownFix = now >= 0 ? data.fixations[now] : null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const tag = target.tagName;
    if (tag === 'SELECT' || (tag === 'INPUT' && (target as HTMLInputElement).type !== 'range')) return;
    const scrub = (ms: number) => { e.preventDefault(); setClock((c) => ({ ...c, t: clamp(c.t + ms, duration) })); };
    const step = e.shiftKey ? SCRUB_STEP_MS * 10 : SCRUB_STEP_MS;
    switch (e.key) {
      case ' ':
        // A focused button plays/pauses by its own click.
        if (tag === 'BUTTON') return;
        e.preventDefault();
        setClock((c) => togglePlay(c, duration));
        return;
      case 'ArrowRight': case 'ArrowUp': scrub(step); return;
      case 'ArrowLeft': case 'ArrowDown': scrub(-step); return;
      case 'Home': e.preventDefault(); setClock((c) => ({ ...c, t: 0 })); return;
      case 'End': e.preventDefault(); setClock((c) => ({ ...c, t: duration, playing: false })); return;
    }
  };

  const intervalsText = data.viewability.length
    ? `Viewable ${data.viewability.map((i) => `${formatClock(i.start_ms)} to ${formatClock(i.end_ms)}`).join(', ')}`
    : 'Never viewable';
  const status = [data.is_test ? 'test session' : null, data.viewable ? 'viewable' : 'not viewable', data.viewed ? 'viewed' : 'not viewed',
    data.measured ? 'in the report base' : 'not in the report base'].filter(Boolean).join(' · ');

  return (
    <Player part="player" role="group" aria-label={`Replay of respondent ${data.reference}`} aria-describedby="gaze-replay-keys" tabIndex={0} onKeyDown={onKeyDown}
      data-time={Math.round(t)} data-playing={clock.playing ? 'true' : 'false'}>
      <VisuallyHidden id="gaze-replay-keys">Space plays or pauses; arrow keys move 0.1 s, with Shift 1 s; Home and End jump to the start and end.</VisuallyHidden>
      <p className="muted" part="respondent-status">Respondent {data.reference}: {status}</p>
      <Stage part="stage" style={{ aspectRatio: `${W} / ${H}`, maxWidth: `min(100%, ${Math.max(W, Math.min(2 * W, 640))}px)` }}>
        {stim.kind === 'video' && stim.source ? (
          <video ref={videoRef} src={stim.source} poster={stim.poster ?? undefined} muted playsInline preload="auto" aria-label={`Video ${stim.name}`}
            data-video-time={vTime.toFixed(2)} part="video" />
        ) : stim.source ?? stim.poster ? (
          <img src={(stim.source ?? stim.poster)!} alt={`Stim ${stim.name}`} part="stim-image" />
        ) : <div className="blank" />}
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={shownFix ? `Fixation ${now + 1} of ${data.fixations.length}` : 'No fixation at this moment'}>
          {stim.aois.map((a, i) => (a.shape === 'polygon' && a.points?.length ? (
            <polygon key={a.id ?? i} part="aoi" data-tag={a.tag} points={a.points.map((p) => p.join(',')).join(' ')}
              fill="none" stroke="#7a3cff" strokeWidth={base / 5} strokeDasharray={`${base / 2} ${base / 4}`} vectorEffect="non-scaling-stroke" />
          ) : (
            <rect key={a.id ?? i} part="aoi" data-tag={a.tag} x={a.x} y={a.y} width={a.width} height={a.height}
              fill="none" stroke="#7a3cff" strokeWidth={2} strokeDasharray="6 3" vectorEffect="non-scaling-stroke" />
          )))}
          {stim.aois.map((a, i) => (
            <text key={`t${a.id ?? i}`} x={a.x + label / 4} y={a.y + label} fontSize={label} fill="#5b21b6" fontWeight="bold" stroke="#fff" strokeWidth={label / 6} paintOrder="stroke">{a.tag}</text>
          ))}
          {path.length > 1 ? (
            <polyline part="sample-trail" points={path.map((s) => `${s[1]},${s[2]}`).join(' ')} fill="none" stroke="#ff7a00" strokeOpacity={0.35}
              strokeWidth={2} vectorEffect="non-scaling-stroke" />
          ) : null}
          {onStim.length > 1 ? (
            <polyline points={onStim.map(({ f }) => `${f.x},${f.y}`).join(' ')} fill="none" stroke="#00738a" strokeOpacity={0.5}
              strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
          ) : null}
          {onStim.filter(({ i }) => i !== now).map(({ f, i }) => (
            <g key={i} part="fixation" data-index={i} data-x={f.x} data-y={f.y}>
              <circle cx={f.x} cy={f.y} r={radius(f.duration_ms)} fill="#00738a" fillOpacity={0.25} />
              <text x={f.x} y={f.y} fontSize={label * 0.8} textAnchor="middle" dominantBaseline="central" fill="#111">{i + 1}</text>
            </g>
          ))}
          {shownFix ? (
            // A fixation off the stim (elsewhere on the page) is marked on the stim's edge, hollow.
            <g part="current-fixation" data-index={now} data-x={shownFix.x} data-y={shownFix.y} data-outside={inside(shownFix) ? undefined : 'true'}>
              <circle cx={clamp(shownFix.x, W)} cy={clamp(shownFix.y, H)} r={inside(shownFix) ? radius(shownFix.duration_ms) : base * 1.5}
                fill={inside(shownFix) ? '#00badb' : 'none'} fillOpacity={0.6} stroke="#004f5f" strokeWidth={2}
                strokeDasharray={inside(shownFix) ? undefined : '4 3'} vectorEffect="non-scaling-stroke" />
              {inside(shownFix) ? <text x={shownFix.x} y={shownFix.y} fontSize={label * 0.8} textAnchor="middle" dominantBaseline="central" fill="#111">{now + 1}</text> : null}
            </g>
          ) : null}
        </svg>
      </Stage>
      <p part="fixation-readout" aria-live="polite" aria-atomic="true">
        {data.fixations.length === 0
          ? 'No fixations recorded for this respondent'
          : shownFix
            ? `Fixation ${now + 1} of ${data.fixations.length}: ${Math.round(shownFix.x)}, ${Math.round(shownFix.y)} px, ${Math.round(shownFix.duration_ms)} ms from ${formatClock(shownFix.start_ms)}${inside(shownFix) ? ' on the stim' : ', off the stim'}`
            : `${started} of ${data.fixations.length} fixations so far, ${onStim.length} on the stim`}
        {viewable ? ' · viewable' : ''}
      </p>
      <Controls part="controls">
        <Button $variant="primary" part="play" aria-pressed={clock.playing} onClick={() => setClock((c) => togglePlay(c, duration))}>
          {clock.playing ? 'Pause' : 'Play'}
        </Button>
        <input type="range" part="scrub" min={0} max={Math.round(duration)} step={10} value={Math.round(t)} aria-label="Replay time"
          aria-valuetext={`${formatClock(t)} of ${formatClock(duration)}`}
          onChange={(e) => setClock((c) => ({ ...c, t: clamp(Number(e.target.value), duration) }))} />
        <span className="clock" part="clock">{formatClock(t)} / {formatClock(duration)}</span>
        <div className="speed">
          <Select label="Speed" value={String(clock.speed)} onChange={(v) => setClock((c) => ({ ...c, speed: Number(v) }))}
            options={REPLAY_SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))} />
        </div>
      </Controls>
      <Timeline part="timeline" aria-hidden="true">
        {data.viewability.map((i, k) => (
          <div key={k} className="iv" part="viewable-interval" data-start={i.start_ms} data-end={i.end_ms}
            style={{ left: pct(i.start_ms, duration), width: `calc(${pct(i.end_ms, duration)} - ${pct(i.start_ms, duration)})` }} />
        ))}
        {data.fixations.map((f, k) => <div key={`f${k}`} className="fx" style={{ left: pct(f.start_ms, duration) }} />)}
        <div className="head" style={{ left: pct(t, duration) }} />
      </Timeline>
      <p className="muted" part="timeline-legend">Timeline: shaded where the stim was viewable, ticks at fixations. {intervalsText}.</p>
    </Player>
  );
}
