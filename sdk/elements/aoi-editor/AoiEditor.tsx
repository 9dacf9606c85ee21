// The AOI editor (spec D2 §2.8): draw, move, resize and delete rectangles and polygons over the
// stim, tag them, undo, nudge with the keyboard, save (which queues the recompute of the stim's
// feature metrics), with the stim's heatmap underneath as a toggle. Its reads and writes go
// through one adapter keyed by `type` (core/api/stims aoiPath): stim → /analysis/stimuli,
// anything else → /analysis/tpstimuli.
import { useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import styled from 'styled-components';
import { useMutation, useResource } from '../../core/resource/hooks';
import { aoiData, aoiTags, saveAois } from '../../core/stims/stims';
import { Button, ErrorText, SuccessText, Switch, TextField, tokens } from '../../ui';
import { changeShape, editorReducer, initialEditor, moveShape, rectFrom, resizeShape, round, type EditorAction, type Shape } from './shapes';

export interface AoiEditorProps {
  stimId?: number;
  type?: string;
}

type Tool = 'select' | 'rect' | 'polygon';

const Wrap = styled.section`
  display: grid; gap: 12px;
  h2 { margin: 0; }
  .bar { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
  .stage { position: relative; max-width: 100%; border: 1px solid ${tokens.border}; background: #f4f5f7; touch-action: none; }
  .stage img { display: block; width: 100%; height: auto; user-select: none; pointer-events: none; }
  .stage .heat { position: absolute; inset: 0; opacity: .65; }
  /* touch-action on the drawing itself: a touch drag draws instead of panning or zooming the page. */
  .stage svg { position: absolute; inset: 0; width: 100%; height: 100%; outline: none; touch-action: none; user-select: none; -webkit-user-select: none; }
  .stage svg:focus-visible { outline: 3px solid ${tokens.primaryStrong}; }
  [aria-pressed='true'] { outline: 2px solid ${tokens.primaryStrong}; }
  .layout { display: grid; gap: 12px; grid-template-columns: minmax(0, 3fr) minmax(220px, 1fr); align-items: start; }
  @media (max-width: 800px) { .layout { grid-template-columns: minmax(0, 1fr); } }
  ul { margin: 0; padding: 0; list-style: none; display: grid; gap: 4px; }
  li button { width: 100%; text-align: left; }
`;

let seq = 0;
const key = () => `aoi-${(seq += 1)}`;
const COLORS = ['#00badb', '#ff7a00', '#7a3cff', '#1fa45b', '#d6336c', '#f2b705'];

export function AoiEditor({ stimId, type = 'stim' }: AoiEditorProps) {
  const params = useMemo(() => ({ type: type || 'stim', id: stimId ?? 0 }), [type, stimId]);
  const data = useResource(aoiData, params, { enabled: Boolean(stimId) });
  const tags = useResource(aoiTags, 'all');
  const save = useMutation(saveAois);
  const d = data.data;
  const W = d?.width || 1000, H = d?.height || 600;
  const [state, dispatch] = useReducer(editorReducer, initialEditor);
  const { shapes, history, selected, draft } = state;
  const [tool, setTool] = useState<Tool>('select');
  const [heatmap, setHeatmap] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const drag = useRef<{ mode: 'draw' | 'move' | 'resize'; start: [number, number]; origin: Shape } | null>(null);
  const svg = useRef<SVGSVGElement>(null);

  useEffect(() => {
    if (d) dispatch({ type: 'load', shapes: d.aois.map((a) => ({ ...a, key: key() })) });
  }, [d]);
  useEffect(() => {
    if (save.done && save.result) {
      setMessage({ ok: true, text: save.result.job_id ? 'AOIs saved. The feature metrics are being recomputed.' : 'AOIs saved.' });
      dispatch({ type: 'load', shapes: save.result.data.aois.map((a) => ({ ...a, key: key() })) });
      save.reset();
    } else if (save.error) {
      setMessage({ ok: false, text: save.error });
      save.reset();
    }
  }, [save]);

  const act = (a: EditorAction) => { dispatch(a); if (a.type !== 'select') setMessage(null); };
  const undo = () => act({ type: 'undo' });
  const select = (k: string | null) => dispatch({ type: 'select', key: k });
  const current = shapes.find((s) => s.key === selected) ?? null;

  const point = (e: PointerEvent): [number, number] => {
    const r = svg.current!.getBoundingClientRect();
    return [round(Math.min(W, Math.max(0, ((e.clientX - r.left) / r.width) * W))), round(Math.min(H, Math.max(0, ((e.clientY - r.top) / r.height) * H)))];
  };
  const onDown = (e: PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    // The page must stay still while drawing (issue 35): on a window shorter than the drawing,
    // focus() scrolled the page under the pointer (a 120 × 50 drag saved as 120 × 34), and the
    // default action of a press starts a text selection that scrolls the page at its edges.
    e.preventDefault();
    const p = point(e);
    svg.current?.focus({ preventScroll: true });
    const target = (e.target as Element).closest('[data-key]');
    const handle = (e.target as Element).closest('[data-handle]');
    if (tool === 'polygon') { act({ type: 'addPoint', at: p }); return; }
    if (tool === 'rect') {
      const k = key();
      act({ type: 'startRect', key: k, at: p });
      drag.current = { mode: 'draw', start: p, origin: { key: k, tag: '', shape: 'rect', x: p[0], y: p[1], width: 0, height: 0, points: null } };
    } else if (target) {
      const k = target.getAttribute('data-key')!;
      const s = shapes.find((x) => x.key === k);
      select(k);
      if (!s) return;
      act({ type: 'snapshot' });
      drag.current = { mode: handle ? 'resize' : 'move', start: p, origin: s };
    } else { select(null); return; }
    try { svg.current?.setPointerCapture?.(e.pointerId); } catch { /* a finished pointer */ }
  };
  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    const g = drag.current;
    if (!g) return;
    const p = point(e);
    const o = g.origin;
    const dx = p[0] - g.start[0], dy = p[1] - g.start[1];
    const next = g.mode === 'draw' ? (s: Shape) => ({ ...s, ...rectFrom(g.start, p) })
      : g.mode === 'move' ? () => moveShape(o, dx, dy, W, H)
        : () => resizeShape(o, dx, dy, W, H);
    dispatch({ type: 'live', change: changeShape(o.key, next) });
  };
  const onUp = () => {
    const g = drag.current;
    if (!g) return;
    drag.current = null;
    if (g?.mode === 'draw') {
      dispatch({ type: 'endRect', key: g.origin.key });
      setTool('select');
    } else if (g) dispatch({ type: 'settle' });
  };
  const closePolygon = () => {
    act({ type: 'closePolygon', key: key() });
    setTool('select');
  };
  const onKey = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') { e.preventDefault(); undo(); return; }
    if (tool === 'polygon' && e.key === 'Enter') { e.preventDefault(); closePolygon(); return; }
    if (e.key === 'Escape') { dispatch({ type: 'clearDraft' }); setTool('select'); select(null); return; }
    if (!current) return;
    const step = e.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[e.key]) {
      e.preventDefault();
      const [dx, dy] = moves[e.key];
      const alt = e.altKey;
      act({ type: 'editSelected', record: true, change: (s) => (alt ? resizeShape(s, dx, dy, W, H) : moveShape(s, dx, dy, W, H)) });
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      act({ type: 'deleteSelected' });
    } else if (e.key === 'Tab' && shapes.length && !e.ctrlKey) {
      // Tab walks through the AOIs inside the drawing before leaving it.
      const i = shapes.findIndex((s) => s.key === current.key);
      const next = shapes[i + (e.shiftKey ? -1 : 1)];
      if (next) { e.preventDefault(); select(next.key); }
    }
  };

  const doSave = () => {
    setMessage(null);
    if (shapes.some((s) => !s.tag.trim())) return setMessage({ ok: false, text: 'Every AOI needs a tag.' });
    save.run({ ...params, aois: shapes.map(({ key: _k, ...a }) => ({ ...a, tag: a.tag.trim() })) });
  };

  if (!stimId) return null;
  if (data.status === 'error') return <ErrorText role="alert">{data.error}</ErrorText>;
  if (!d) return <p>Loading…</p>;
  const stroke = Math.max(1, W / 400);
  return (
    <Wrap part="aoi-editor">
      <h2>Areas of interest: {d.name}</h2>
      <div className="bar" role="toolbar" aria-label="Drawing tools">
        <Button $variant="secondary" aria-pressed={tool === 'select'} onClick={() => setTool('select')}>Select</Button>
        <Button $variant="secondary" aria-pressed={tool === 'rect'} onClick={() => { setTool('rect'); dispatch({ type: 'clearDraft' }); }}>Rectangle</Button>
        <Button $variant="secondary" aria-pressed={tool === 'polygon'} onClick={() => { setTool('polygon'); dispatch({ type: 'clearDraft' }); }}>Polygon</Button>
        {tool === 'polygon' ? <Button $variant="secondary" onClick={closePolygon} disabled={draft.length < 3}>Close polygon</Button> : null}
        <Button $variant="secondary" onClick={undo} disabled={!history.length}>Undo</Button>
        <Button $variant="danger" disabled={!current} onClick={() => act({ type: 'deleteSelected' })}>Delete AOI</Button>
        {d.heatmap_url ? <Switch label="Heatmap" checked={heatmap} onChange={setHeatmap} /> : null}
        <Button part="save" onClick={doSave} disabled={save.pending}>{save.pending ? 'Saving...' : 'Save'}</Button>
      </div>
      {message ? (message.ok ? <SuccessText role="status">{message.text}</SuccessText> : <ErrorText role="alert">{message.text}</ErrorText>) : null}
      <div className="layout">
        <div className="stage" part="stage" style={{ aspectRatio: `${W} / ${H}` }}>
          {d.source ? <img src={d.source} alt={d.name} /> : null}
          {heatmap && d.heatmap_url ? <img className="heat" src={d.heatmap_url} alt="Heatmap" /> : null}
          <svg
            ref={svg} viewBox={`0 0 ${W} ${H}`} tabIndex={0} role="application"
            aria-label="AOI drawing. Arrow keys move the selected AOI (Shift: 10 px, Alt: resize), Delete removes it, Ctrl+Z undoes, Tab selects the next."
            onPointerDown={onDown} onPointerMove={onMove} onPointerUp={onUp} onPointerCancel={onUp} onLostPointerCapture={onUp} onKeyDown={onKey} onDoubleClick={() => tool === 'polygon' && closePolygon()}
          >
            {shapes.map((s, i) => {
              const c = COLORS[i % COLORS.length];
              const sel = s.key === selected;
              const common = { 'data-key': s.key, fill: `${c}33`, stroke: c, strokeWidth: sel ? stroke * 3 : stroke * 1.5, style: { cursor: tool === 'select' ? 'move' : 'crosshair' } };
              return (
                <g key={s.key} aria-label={`${s.tag}${sel ? ' (selected)' : ''}`}>
                  {s.shape === 'polygon'
                    ? <polygon {...common} points={(s.points ?? []).map((p) => p.join(',')).join(' ')} />
                    : <rect {...common} x={s.x} y={s.y} width={s.width} height={s.height} />}
                  <text x={s.x + stroke * 3} y={s.y + stroke * 12} fontSize={stroke * 10} fill={c} pointerEvents="none">{s.tag}</text>
                  {sel && s.shape === 'rect' ? <rect data-key={s.key} data-handle="resize" x={s.x + s.width - stroke * 4} y={s.y + s.height - stroke * 4} width={stroke * 8} height={stroke * 8} fill={c} style={{ cursor: 'nwse-resize' }} /> : null}
                </g>
              );
            })}
            {draft.length ? <polyline points={draft.map((p) => p.join(',')).join(' ')} fill="none" stroke="#333" strokeWidth={stroke} strokeDasharray={`${stroke * 4}`} /> : null}
          </svg>
        </div>
        <div>
          <h3 style={{ margin: '0 0 8px' }}>AOIs</h3>
          <ul part="aoi-list">
            {shapes.map((s) => (
              <li key={s.key}><Button $variant={s.key === selected ? 'primary' : 'secondary'} onClick={() => { select(s.key); svg.current?.focus(); }}>{s.tag} ({s.shape === 'rect' ? 'rectangle' : 'polygon'})</Button></li>
            ))}
          </ul>
          {current ? (
            <div style={{ marginTop: 12 }}>
              <TextField label="Tag" list="gaze-aoi-tags" value={current.tag} onFocus={() => dispatch({ type: 'snapshot' })} onBlur={() => dispatch({ type: 'settle' })} onChange={(e) => { const tag = (e.target as HTMLInputElement).value; act({ type: 'editSelected', record: false, change: (s) => ({ ...s, tag }) }); }} />
              <datalist id="gaze-aoi-tags">{(tags.data ?? []).map((t) => <option key={t} value={t} />)}</datalist>
            </div>
          ) : <p>Select an AOI to tag it, or draw one.</p>}
        </div>
      </div>
    </Wrap>
  );
}
