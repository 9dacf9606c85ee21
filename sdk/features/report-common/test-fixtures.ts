// Answers for report element tests (never imported by shipping code): study 9 with two cells,
// a stim name used twice (Big Ad in steps 11 and 12) and a name longer than the cut.
import type { StubHandler } from '../../core/api/test-transport';

export const LONG_NAME = 'A very long stim name that goes on and on beyond the cut';

export const TREE = {
  study_id: 9,
  study_name: 'Spring campaign',
  brief: null,
  methodology: null,
  has_survey: false,
  has_demographics: true,
  data: [
    {
      cell_id: 1, cell_name: 'Cell A', step_list: [
        { step_id: 11, cachepage_url: null, stimulus_list: [
          { stimulus_id: 101, stimulus_name: 'Big Ad', stimulus_type: 'i', stimulus_source: '/files/big.png', stimulus_source_alternate: '/files/big-low.png' },
          { stimulus_id: 102, stimulus_name: 'Sky Scraper', stimulus_type: 'i', stimulus_source: '/files/sky.png', stimulus_source_alternate: null },
        ] },
        { step_id: 12, cachepage_url: null, stimulus_list: [
          { stimulus_id: 101, stimulus_name: 'Big Ad', stimulus_type: 'i', stimulus_source: '/files/big.png', stimulus_source_alternate: null },
        ] },
      ],
    },
    {
      cell_id: 2, cell_name: 'Cell B', step_list: [
        { step_id: 21, cachepage_url: null, stimulus_list: [
          { stimulus_id: 103, stimulus_name: LONG_NAME, stimulus_type: 'v', stimulus_source: '/files/v.mp4', stimulus_source_alternate: null },
        ] },
      ],
    },
  ],
};

export const NAMES: Record<number, string> = { 101: 'Big Ad', 102: 'Sky Scraper', 103: LONG_NAME };

/** Issue 37 item 5: a test/control design, Big Ad placed in both cells (answers carry no stim_label: the tree labels). */
export const TWO_CELL_TREE = {
  ...TREE,
  data: [
    { cell_id: 1, cell_name: 'Test', step_list: [{ step_id: 11, cachepage_url: null, stimulus_list: [
      { stimulus_id: 101, stimulus_name: 'Big Ad', stimulus_type: 'i', stimulus_source: '/files/big.png', stimulus_source_alternate: null },
      { stimulus_id: 102, stimulus_name: 'Sky Scraper', stimulus_type: 'i', stimulus_source: '/files/sky.png', stimulus_source_alternate: null },
    ] }] },
    { cell_id: 2, cell_name: 'Control', step_list: [{ step_id: 22, cachepage_url: null, stimulus_list: [
      { stimulus_id: 101, stimulus_name: 'Big Ad', stimulus_type: 'i', stimulus_source: '/files/big.png', stimulus_source_alternate: null },
    ] }] },
  ],
};
export const TWO_CELL_KEYS = '1:11:9:101|1:11:9:102|2:22:9:101';
export const TWO_CELL_LABELS = ['Big Ad · Test', 'Sky Scraper', 'Big Ad · Control'];

const metrics = (over: Record<string, number | null> = {}) => ({
  panelist_viewable_script_percent: 70.4, avg_page_dwell_time: 12.25, panelist_viewable_percent: 80, avg_stim_viewable_time: 5.04,
  panelist_viewed_percent: 50, avg_stim_dwell_time: 2.5, attention_per_1000_impressions: 1234.5, avg_time_to_first_view: 0.5,
  percent_viewable: 40, avg_viewed_time: 1.25, ...over,
});

/** Norm per type: type 1 below the stim, 2 equal (as shown), 3 above, 4 missing. */
export function normFor(type: number) {
  const base = type === 1 ? 1.0 : type === 2 ? 2.54 : type === 3 ? 3.2 : null;
  return { ...metrics({ avg_stim_dwell_time: base, panelist_viewable_percent: type === 3 ? 90 : 70 }), norm_size: type * 3 };
}

type Ref = { cell_id: number; step_id: number; stim_id: number };
const placed = (r: Ref) => ({ stim_name: NAMES[r.stim_id], stim_id: r.stim_id, cell_id: r.cell_id, step_id: r.step_id });
const NORM_TYPES = { 1: 'Brand Norm', 2: 'Brand Category Norm', 3: 'Base Norm', 4: 'Ad Category Norm' };

export function reportAnswers(opts: { fail?: string[]; tree?: unknown } = {}): StubHandler {
  return (req) => {
    const body = (req.body ?? {}) as { data?: Ref[]; norm_type_id?: number; graph_type_id?: number };
    const part = req.url.split('/').pop()!;
    if (opts.fail?.includes(part)) return { status: 500, data: { success: false, message: 'boom' } };
    const refs = body.data ?? [];
    const norm = body.norm_type_id ?? 1;
    if (part === 'overview') return { data: opts.tree ?? TREE };
    if (part === 'overall_attention') {
      return { data: { success: true, current_norm_type: norm, norm_types: NORM_TYPES, data: refs.map((r) => ({ ...placed(r), stim_data: { ...metrics(), base_size: 10 }, norm_data: normFor(norm) })) } };
    }
    if (part === 'graph2_data') {
      const g = body.graph_type_id ?? 1;
      const max = { 1: 5, 2: 60, 3: 15 }[g as 1 | 2 | 3];
      const km = (body as { estimator?: string }).estimator === 'km' ? { estimator: 'km' } : {};
      return { data: { success: true, current_graph_type_id: g, time_segment: 1, max_time: max, data_types: { 1: 'Dwell Time', 2: 'Page Dwell Time', 3: 'Viewable Time' }, ...km,
        data: (refs.length ? refs : [{ cell_id: 1, step_id: 11, stim_id: 101 }]).map((r, i) => ({ ...placed(r), graph_data: [0, 1, 2].map((x) => ({ x: (x * max) / 2, y: 100 - x * (20 + i * 10) })) })) } };
    }
    if (part === 'feature_attention') {
      return { data: { success: true, current_norm_type: norm, norm_types: NORM_TYPES, feature_tag_list: ['logo', 'cta'],
        data: refs.map((r) => ({ ...placed(r),
          feature_data: { logo: { avg_feature_dwell_time: 0.45, panelist_viewed_percent: 62.4, view_order: 1 }, cta: { avg_feature_dwell_time: null, panelist_viewed_percent: 0, view_order: null } },
          norm_data: { logo: { avg_feature_dwell_time: 0.3 * norm, panelist_viewed_percent: 50, view_order: 1, norm_size: 4 }, cta: { avg_feature_dwell_time: null, panelist_viewed_percent: null, view_order: null, norm_size: 0 } } })) } };
    }
    if (part === 'norm_sizes') {
      // The sizes overall_attention (normFor) and feature_attention answer per norm type.
      const perType = <T>(f: (n: number) => T) => ({ 1: f(1), 2: f(2), 3: f(3), 4: f(4) });
      return { data: { success: true, norm_types: NORM_TYPES, data: refs.map((r) => ({ ...placed(r),
        norm_size: perType((n) => normFor(n).norm_size), feature_norm_size: perType(() => ({ logo: 4, cta: 0 })) })) } };
    }
    if (part === 'visual_data') {
      return { data: { success: true, data: refs.map((r) => {
        const v = (k: string) => `/visuals/9/${r.step_id}/${r.stim_id}/${k}.png`;
        return { ...placed(r), stim_type: r.stim_id === 103 ? 'video' : 'image', stim_width: r.stim_id === 102 ? 160 : 970, stim_height: r.stim_id === 102 ? 600 : 250,
          original_url: `/files/${r.stim_id}.png`, original_url_low_quality: null, vieworder_url: v('vieworder'), vieworder_url_low_quality: v('vieworder'),
          featureanalysis_url: v('featureanalysis'), featureanalysis_url_low_quality: v('featureanalysis'), analysis_url: v('analysis'), analysis_url_low_quality: v('analysis'),
          heatmap_url: v('heatmap'), heatmap_url_low_quality: v('heatmap') };
      }) } };
    }
    const stim = /\/cell\/(\d+)\/step\/(\d+)\/stimuli\/(\d+)\//.exec(req.url);
    if (stim) {
      const r = { cell_id: Number(stim[1]), step_id: Number(stim[2]), stim_id: Number(stim[3]) };
      const size = r.stim_id === 102 ? { stim_width: 160, stim_height: 600 } : { stim_width: 970, stim_height: 250 };
      const visuals = { stim_source: `/files/${r.stim_id}.png`, feature_analysis_source: '/v/fa.png', view_order_source: '/v/vo.png' };
      if (part === 'kpi_analysis') {
        return { data: { success: true, stim_id: r.stim_id, stim_name: NAMES[r.stim_id], stim_type: r.stim_id === 103 ? 'video' : 'image', stim_type_code: 'i', ...visuals,
          heatmap_source: '/v/heat.png', analysis_source: '/v/an.png', ...size, stim_data: { ...metrics(), base_size: 10, panelist_viewed_over1_percent: 25 }, norm_data: normFor(norm),
          current_norm_type: norm, norm_types: NORM_TYPES } };
      }
      if (part === 'feature_analysis') {
        return { data: { success: true, stim_id: r.stim_id, stim_name: NAMES[r.stim_id], stim_type: 'image', ...visuals, ...size,
          stim_data: { avg_page_dwell_time: 12.25, panelist_viewed_percent: 49.6, avg_stim_dwell_time: 2.04, base_size: 10 },
          feature_data: r.stim_id === 102 ? [] : [{ feature_name: 'logo', avg_feature_dwell_time: 0.45, panelist_viewed_percent: 62.4, view_order: 1, norm: { avg_feature_dwell_time: 0.3, panelist_viewed_percent: 50, view_order: 1, norm_size: 4 } }],
          data: [], current_norm_type: 1, norm_types: NORM_TYPES } };
      }
      if (part === 'report') return { data: { success: true, data: [{ cell_id: r.cell_id, step_id: r.step_id, stim_id: r.stim_id, stim_name: 'Big, Ad', metric: 'avg_stim_dwell_time', label: 'Average Stim Dwell Time (s)', actual: 2.5, norm: 1, norm_type: 'Brand Norm', base_size: 10, norm_size: 3 }] } };
      if (part === 'participant_report') return { data: { success: true, data: [] } };
      if (part === 'gaze_points') return { data: gazePointsFixture(r.stim_id) };
    }
    return { status: 404, data: { success: false, message: 'Not found' } };
  };
}

/** A stim's honest statistics (issue 15): the worked example's, with one exposure left out. */
export const STIM_STATS = {
  base_size: 5, insufficient_gaze: 1,
  panelist_viewable_percent: { low: 37.55, high: 96.38, k: 4, n: 5 },
  panelist_viewed_percent: { low: 30.06, high: 95.44, k: 3, n: 4 },
  panelist_viewable_script_percent: { low: 35.89, high: 91.78, k: 5, n: 7 },
  avg_page_dwell_time: { se: 1.414214, n: 5 }, avg_stim_viewable_time: { se: 0.957427, n: 4 },
  avg_stim_dwell_time: { se: 0.57735, n: 3 }, avg_time_to_first_view: { se: 0.23094, n: 3 },
  percent_viewable: { se: 16.911535, n: 5 }, avg_viewed_time: { se: 0.645497, n: 4 },
  attention_per_1000_impressions: { se: 583.095189, n: 5 },
};

/** A norm's standard error over its comparison set's stims (n: stims with a value). */
export const NORM_STATS = {
  panelist_viewable_percent: { se: 4.2, n: 12 }, avg_stim_dwell_time: { se: 0.36, n: 12 }, avg_time_to_first_view: { se: null, n: 1 },
};

/** Per feature: the share of viewers who fixated it (interval) and its mean dwell (standard error). */
export const FEATURE_STATS = {
  logo: { panelist_viewed_percent: { low: 30.06, high: 95.44, k: 3, n: 4 }, avg_feature_dwell_time: { se: 0.1, n: 3 } },
  cta: { panelist_viewed_percent: { low: 0, high: 48.99, k: 0, n: 4 }, avg_feature_dwell_time: { se: null, n: 0 } },
};

/** reportAnswers with stim_stats (overall_attention rows, kpi_analysis) and feature_stats (feature_attention) beside the spec's figures. */
export function reportAnswersWithStats(): StubHandler {
  const inner = reportAnswers();
  return async (req) => {
    const r = await inner(req);
    const part = req.url.split('/').pop();
    const body = r.data as { data?: object[] } & Record<string, unknown>;
    if (part === 'kpi_analysis') return { ...r, data: { ...body, stim_stats: STIM_STATS, norm_stats: NORM_STATS } };
    if (part === 'overall_attention') return { ...r, data: { ...body, data: (body.data ?? []).map((d) => ({ ...d, stim_stats: STIM_STATS, norm_stats: NORM_STATS })) } };
    if (part === 'feature_attention') return { ...r, data: { ...body, data: (body.data ?? []).map((d) => ({ ...d, feature_stats: FEATURE_STATS })) } };
    return r;
  };
}

/**
 * The interactive visual's answer (issue 37): an image stim (970 × 250, a 48 × 13 grid of
 * 20.2 px cells) whose first second's fixations sit top left (cell 2·48 + 5) and third second's
 * bottom right (cell 10·48 + 40), with the AOIs Logo (top left) and CTA (bottom right); the video
 * 103 (640 × 360, 15 s) has one hot cell per second, moving right by 3 cells a second.
 */
export function gazePointsFixture(stimId: number) {
  if (stimId === 103) {
    const cell = 640 / 48;
    return {
      success: true, stim_id: 103, stim_type: 'video', stim_source: '/files/103.mp4', stim_width: 640, stim_height: 360, duration_ms: 15000,
      span_ms: 15000, slice_ms: 1000, grid: { cols: 48, rows: 27, cell_px: cell, sigma_px: 22 }, base_size: 4, viewers: 4, fixation_count: 15,
      slices: Array.from({ length: 15 }, (_, s) => ({ start_ms: s * 1000, end_ms: (s + 1) * 1000, index: [13 * 48 + 3 * s], duration_ms: [800], count: [2] })),
      clusters: [{ x: 30, y: 180, radius: 20, fixations: 4, respondents: 3, duration_ms: 1200, median_ms: 500, order: 1 }],
      aois: [],
    };
  }
  const cell = 970 / 48;
  return {
    success: true, stim_id: stimId, stim_type: 'image', stim_source: `/files/${stimId}.png`, stim_width: 970, stim_height: 250, duration_ms: null,
    span_ms: 3000, slice_ms: 1000, grid: { cols: 48, rows: 13, cell_px: cell, sigma_px: 30 }, base_size: 5, viewers: 4, fixation_count: 9,
    slices: [
      { start_ms: 0, end_ms: 1000, index: [2 * 48 + 5], duration_ms: [1500], count: [5] },
      { start_ms: 1000, end_ms: 2000, index: [], duration_ms: [], count: [] },
      { start_ms: 2000, end_ms: 3000, index: [10 * 48 + 40], duration_ms: [900], count: [4] },
    ],
    clusters: [
      { x: 5.5 * cell, y: 2.5 * cell, radius: 12, fixations: 5, respondents: 4, duration_ms: 1500, median_ms: 400, order: 1 },
      { x: 40.5 * cell, y: 10.5 * cell, radius: 12, fixations: 4, respondents: 3, duration_ms: 900, median_ms: 2300, order: 2 },
    ],
    aois: [
      { id: 1, tag: 'Logo', shape: 'rect', x: 0, y: 0, width: 250, height: 100, points: [], panelist_viewed_percent: 75, avg_feature_dwell_time: 0.45, view_order: 1, time_to_first_fixation: 0.4, viewers: 3 },
      { id: 2, tag: 'CTA', shape: 'rect', x: 700, y: 150, width: 270, height: 100, points: [], panelist_viewed_percent: 50, avg_feature_dwell_time: 0.3, view_order: 2, time_to_first_fixation: 2.3, viewers: 2 },
    ],
  };
}
