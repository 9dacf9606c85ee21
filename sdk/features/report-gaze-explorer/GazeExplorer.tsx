import { useEffect, useId, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, Select, Spinner, Switch, tokens } from '../../ui';
import { useResource } from '../../core/resource/hooks';
import { gazePoints, type ReportFilters } from '../../core/reports/reports';
import { batchGazePoints, type BatchStimRef } from '../../core/batches/batches';
import type { StimKey } from '../../core/reports/keys';
import type { GazeAoi, GazePointsResponse } from '../../core/api/reports';
import { HEAT_SCALE, heatAlpha } from '../../../contract/heat-scale';
import { formatPercent, formatSeconds, MISSING } from '../report-common/format';
import { blur, formatPeak, inAoi, paintHeat, windowGrid, type HeatWeight } from './heat';

/** The canvas is drawn at most this wide or tall (CSS scales it to the picture). */
const CANVAS_MAX = 720;
const AOI_COLOUR = '#0b6e99';
const AOI_ACTIVE = '#ff7a00';

const Root = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space4};
  align-items: flex-start;
  > .picture { flex: 2 1 320px; min-width: 0; display: grid; gap: ${tokens.space2}; }
  > .summary { flex: 1 1 220px; min-width: 0; }
  .stage { position: relative; width: 100%; background: #404040; border-radius: ${tokens.radius}; overflow: hidden; }
  .stage > img, .stage > video, .stage > .frame { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: fill; display: block; }
  .stage > canvas { position: absolute; inset: 0; width: 100%; height: 100%; touch-action: none; }
  .stage > video { pointer-events: auto; }
  .controls { display: flex; flex-wrap: wrap; gap: ${tokens.space3}; align-items: end; }
  .controls label { display: grid; gap: 2px; font-size: 0.9em; color: ${tokens.muted}; }
  .controls input[type='range'] { width: 160px; max-width: 100%; }
  .legend { display: flex; flex-wrap: wrap; gap: ${tokens.space2}; align-items: center; font-size: 0.85em; color: ${tokens.muted}; }
  .bar { width: 80px; height: 10px; border-radius: 2px; border: 1px solid ${tokens.border}; }
  [part='aoi-tooltip'] { min-height: 1.4em; font-size: 0.9em; }
  table { border-collapse: collapse; width: 100%; font-size: 0.9em; }
  caption { text-align: left; font-weight: 600; margin-bottom: ${tokens.space2}; }
  th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid ${tokens.border}; }
  td { font-variant-numeric: tabular-nums; }
  tr[data-active='true'] { background: ${tokens.surfaceAlt}; }
  tbody tr:focus { outline: 2px solid ${AOI_ACTIVE}; outline-offset: -2px; }
  .note { color: ${tokens.muted}; font-size: 0.85em; margin: 0; }
`;

export interface GazeExplorerProps {
  /** A study report's placed stim; or `batch` for a batch report's stim. */
  stim?: StimKey;
  /** The report's demographic filters: the points are of the respondents its figures count. */
  filters?: ReportFilters;
  /** A batch report's stim (the batch reports carry no filters). */
  batch?: BatchStimRef;
  /** The stim's name (labels and the canvas's text alternative). */
  name: string;
  /** The creative's address when the answer has none (the report's own signed source). */
  fallbackSrc?: string | null;
}

/**
 * The interactive visual (issue 37 items 3–4): the creative (an image, or a video that seeks) with
 * a canvas over it drawing the heatmap of a time window (opacity and window controls), the
 * clusters of every respondent's fixations numbered in viewing order, and the AOIs with their
 * metrics on hover; the AOI table beside it is the keyboard and screen-reader summary.
 */
export function GazeExplorer({ stim, filters, batch, name, fallbackSrc }: GazeExplorerProps) {
  // One of the two reads runs; both hooks stay so their order never changes.
  const study = useResource(gazePoints, { stim: stim ?? ('0:0:0:0' as StimKey), filters }, { keepPrevious: true, enabled: Boolean(stim) && !batch });
  const vendor = useResource(batchGazePoints, batch ?? { internal_batch_id: '', internal_vendor_id: '', internal_stim_id: 0 }, { keepPrevious: true, enabled: Boolean(batch) });
  const res = batch ? vendor : study;
  if (res.error && !res.data) {
    return (
      <div part="gaze-explorer" data-state="error">
        <ErrorText>{res.error}</ErrorText>
        <Button $variant="secondary" onClick={res.refetch}>Retry</Button>
      </div>
    );
  }
  if (!res.data) return <div part="gaze-explorer" data-state="loading" aria-busy="true"><Spinner $size={32} /></div>;
  return <Explorer data={res.data} name={name} src={res.data.stim_source ?? fallbackSrc ?? null} />;
}

function aoiText(a: GazeAoi): string {
  return `${a.tag}: ${formatPercent(a.panelist_viewed_percent)} of viewers fixated it · average dwell ${formatSeconds(a.avg_feature_dwell_time)}`
    + ` · first fixation after ${formatSeconds(a.time_to_first_fixation)} · view order ${a.view_order ?? MISSING} · n ${a.viewers}`;
}

/** A video stim stored as a still (the demo's mock-ups: a PNG frame) shows as the image it is. */
const STILL = /\.(png|jpe?g|webp|gif|avif)([?#]|$)/i;
function mediaOf(src: string | null, video: boolean): 'video' | 'image' | 'none' {
  if (!src) return 'none';
  return video && !STILL.test(src) ? 'video' : 'image';
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

function Explorer({ data, name, src }: { data: GazePointsResponse; name: string; src: string | null }) {
  const video = data.stim_type === 'video';
  const ids = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [opacity, setOpacity] = useState(100);
  const [from, setFrom] = useState(0);
  const [to, setTo] = useState(data.span_ms);
  // Video: the window is the slice of the video's current time (the scrubber or the player seeks).
  const [at, setAt] = useState(0);
  const [weight, setWeight] = useState<HeatWeight>('duration');
  const [layers, setLayers] = useState({ heat: true, clusters: true, aois: true });
  const [active, setActive] = useState<number | null>(null);
  const [media, setMedia] = useState<'video' | 'image' | 'none'>(mediaOf(src, video));
  useEffect(() => { setMedia(mediaOf(src, video)); }, [src, video]);
  useEffect(() => { setTo(data.span_ms); setFrom((f) => Math.min(f, data.span_ms)); }, [data.span_ms]);

  const slice = data.slice_ms;
  const win = video
    ? { from: Math.min(Math.floor(at / slice), data.slices.length - 1) * slice, to: Math.min(Math.floor(at / slice), data.slices.length - 1) * slice + slice }
    : { from: Math.min(from, to), to: Math.max(from, to, Math.min(from, to) + slice) };

  const k = Math.min(1, CANVAS_MAX / Math.max(data.stim_width, data.stim_height, 1));
  const cw = Math.max(1, Math.round(data.stim_width * k)), ch = Math.max(1, Math.round(data.stim_height * k));
  const density = useMemo(
    () => blur(windowGrid(data, win.from, win.to, weight), data.grid.cols, data.grid.rows, data.grid.sigma_px / data.grid.cell_px),
    [data, win.from, win.to, weight],
  );
  const clusters = useMemo(() => data.clusters.filter((c) => c.median_ms >= win.from && c.median_ms < win.to), [data, win.from, win.to]);
  const [peak, setPeak] = useState(0);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    setPeak(layers.heat ? paintHeat(ctx, density, data.grid.cols, data.grid.rows, data.grid.cell_px * k, opacity / 100) : 0);
    const line = Math.max(1.5, cw / 300);
    if (layers.aois) {
      for (const a of data.aois) {
        const width = a.id === active ? line * 2 : line;
        ctx.beginPath();
        if (a.points.length >= 3) {
          a.points.forEach((p, i) => (i ? ctx.lineTo(p.x * k, p.y * k) : ctx.moveTo(p.x * k, p.y * k)));
          ctx.closePath();
        } else ctx.rect(a.x * k, a.y * k, a.width * k, a.height * k);
        // A white halo under the outline keeps it visible on dark and light creatives alike.
        ctx.strokeStyle = 'rgba(255,255,255,0.85)';
        ctx.lineWidth = width + 2;
        ctx.stroke();
        ctx.strokeStyle = a.id === active ? AOI_ACTIVE : AOI_COLOUR;
        ctx.lineWidth = width;
        ctx.stroke();
      }
    }
    if (layers.clusters && clusters.length) {
      const ordered = [...clusters].sort((a, b) => a.order - b.order);
      ctx.strokeStyle = 'rgba(255,255,255,0.9)';
      ctx.lineWidth = line;
      ctx.beginPath();
      ordered.forEach((c, i) => (i ? ctx.lineTo(c.x * k, c.y * k) : ctx.moveTo(c.x * k, c.y * k)));
      ctx.stroke();
      const maxN = Math.max(...ordered.map((c) => c.respondents));
      const font = Math.max(10, Math.round(cw / 45));
      for (const c of ordered) {
        const r = Math.max(font * 0.9, (font * 1.8 * Math.sqrt(c.respondents)) / Math.sqrt(maxN));
        ctx.fillStyle = 'rgba(33,33,33,0.78)';
        ctx.strokeStyle = '#ffffff';
        ctx.beginPath();
        ctx.arc(c.x * k, c.y * k, r, 0, Math.PI * 2);
        ctx.fill();
        ctx.stroke();
        ctx.fillStyle = '#ffffff';
        ctx.font = `600 ${font}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(String(c.order), c.x * k, c.y * k);
      }
    }
  }, [density, opacity, layers, active, clusters, data, k, cw]);

  const hovered = data.aois.find((a) => a.id === active) ?? null;
  function onPointerMove(e: ReactPointerEvent<HTMLCanvasElement>) {
    const r = e.currentTarget.getBoundingClientRect();
    if (!r.width || !r.height) return;
    const x = ((e.clientX - r.left) / r.width) * data.stim_width, y = ((e.clientY - r.top) / r.height) * data.stim_height;
    // The smallest AOI under the pointer: a nested one wins over the one around it.
    const hit = data.aois.filter((a) => inAoi(a, x, y)).sort((a, b) => a.width * a.height - b.width * b.height)[0];
    setActive(hit ? hit.id : null);
  }
  function seek(ms: number) {
    setAt(ms);
    const v = videoRef.current;
    if (v && media === 'video') {
      try { v.currentTime = ms / 1000; } catch { /* not seekable yet: the overlay follows the scrubber */ }
    }
  }

  const measure = weight === 'duration' ? 'fixation time' : 'fixations';
  const gradient = `linear-gradient(to right, ${HEAT_SCALE.map((c, i) => `rgba(${c.join(',')},${heatAlpha(i / (HEAT_SCALE.length - 1)).toFixed(2)})`).join(', ')})`;
  const windowText = `${seconds(win.from)}–${seconds(win.to)} s`;
  const summary = `${name}: attention ${windowText} of ${seconds(data.span_ms)} s, ${data.base_size} respondents, ${clusters.length} fixation clusters, ${data.aois.length} AOIs`;

  return (
    <Root part="gaze-explorer" data-state="loaded" data-window={`${win.from}-${win.to}`}>
      <div className="picture">
        <div className="stage" style={{ aspectRatio: `${data.stim_width} / ${data.stim_height}` }}>
          {media === 'video' ? (
            <video
              ref={videoRef}
              part="explorer-video"
              src={`${src}#t=0.1`}
              preload="metadata"
              controls
              playsInline
              muted
              aria-label={`${name} (video)`}
              onTimeUpdate={(e) => setAt(e.currentTarget.currentTime * 1000)}
              onSeeked={(e) => setAt(e.currentTarget.currentTime * 1000)}
            />
          ) : null}
          {media === 'image' ? <img src={src!} alt="" part="explorer-image" onError={() => setMedia('none')} /> : null}
          {media === 'none' ? <div className="frame" part="explorer-frame" /> : null}
          <canvas
            ref={canvasRef}
            width={cw}
            height={ch}
            part="explorer-canvas"
            role="img"
            aria-label={summary}
            onPointerMove={onPointerMove}
            onPointerLeave={() => setActive(null)}
            // The player's own controls stay reachable under the overlay.
            style={media === 'video' ? { pointerEvents: 'none' } : undefined}
          />
        </div>
        <div part="aoi-tooltip" role="status" aria-live="polite">{hovered ? aoiText(hovered) : ''}</div>
        <div className="controls" part="explorer-controls">
          <label htmlFor={`${ids}-opacity`}>
            Heatmap opacity ({opacity}%)
            <input id={`${ids}-opacity`} part="opacity" type="range" min={0} max={100} step={5} value={opacity} onChange={(e) => setOpacity(Number(e.target.value))} />
          </label>
          {video ? (
            <label htmlFor={`${ids}-at`}>
              Video time ({seconds(win.from)} s)
              <input id={`${ids}-at`} part="scrubber" type="range" min={0} max={Math.max(0, data.span_ms - slice)} step={slice} value={win.from}
                onChange={(e) => seek(Number(e.target.value))} aria-valuetext={`${windowText}`} />
            </label>
          ) : (
            <>
              <label htmlFor={`${ids}-from`}>
                From ({seconds(win.from)} s)
                <input id={`${ids}-from`} part="window-from" type="range" min={0} max={data.span_ms} step={slice} value={from}
                  onChange={(e) => setFrom(Number(e.target.value))} aria-valuetext={`${seconds(from)} s`} />
              </label>
              <label htmlFor={`${ids}-to`}>
                To ({seconds(win.to)} s)
                <input id={`${ids}-to`} part="window-to" type="range" min={0} max={data.span_ms} step={slice} value={to}
                  onChange={(e) => setTo(Number(e.target.value))} aria-valuetext={`${seconds(to)} s`} />
              </label>
            </>
          )}
          <div style={{ minWidth: 160 }}>
            <Select label="Heatmap weight" value={weight} onChange={(v) => setWeight(v as HeatWeight)}
              options={[{ value: 'duration', label: 'Fixation time' }, { value: 'count', label: 'Fixation count' }]} />
          </div>
          <Switch label="Heatmap" checked={layers.heat} onChange={(heat) => setLayers((l) => ({ ...l, heat }))} />
          <Switch label="Gaze plot" checked={layers.clusters} onChange={(c) => setLayers((l) => ({ ...l, clusters: c }))} />
          <Switch label="AOIs" checked={layers.aois} onChange={(aois) => setLayers((l) => ({ ...l, aois }))} />
        </div>
        <div className="legend" part="explorer-legend">
          {peak > 0 && data.base_size > 0 ? (
            <>
              <span className="bar" style={{ background: gradient }} aria-hidden="true" />
              <span>{`full colour = ${formatPeak(peak / data.base_size, weight)} ${measure} per respondent (per ${data.grid.cell_px.toFixed(0)} px cell, kernel σ ${data.grid.sigma_px.toFixed(0)} px), n = ${data.base_size}, ${windowText}`}</span>
            </>
          ) : <span>{`No fixations ${windowText}, n = ${data.base_size}`}</span>}
        </div>
        <p className="note">Circles: clusters of all respondents' fixations, numbered in viewing order (median start), sized by respondents.</p>
      </div>
      <div className="summary">
        <table part="aoi-table">
          <caption>{`AOIs of ${name} (n = ${data.viewers} viewers)`}</caption>
          <thead>
            <tr><th scope="col">AOI</th><th scope="col">% viewed</th><th scope="col">Avg dwell</th><th scope="col">First fixation</th><th scope="col">Order</th><th scope="col">n</th></tr>
          </thead>
          <tbody>
            {data.aois.length ? data.aois.map((a) => (
              <tr key={a.id} data-aoi={a.tag} data-active={a.id === active} tabIndex={0} aria-label={aoiText(a)}
                onFocus={() => setActive(a.id)} onBlur={() => setActive(null)} onPointerEnter={() => setActive(a.id)} onPointerLeave={() => setActive(null)}>
                <th scope="row">{a.tag}</th>
                <td>{formatPercent(a.panelist_viewed_percent)}</td>
                <td>{formatSeconds(a.avg_feature_dwell_time)}</td>
                <td>{formatSeconds(a.time_to_first_fixation)}</td>
                <td>{a.view_order ?? MISSING}</td>
                <td>{a.viewers}</td>
              </tr>
            )) : <tr><td colSpan={6}>No AOIs drawn on this stim.</td></tr>}
          </tbody>
        </table>
      </div>
    </Root>
  );
}
