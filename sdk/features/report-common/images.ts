// Inline illustrations (no asset pipeline needed, nothing fetched): the explanation shown before
// a report type is chosen, the empty study, the visual time-out and broken media.
const svg = (body: string, w = 480, h = 240) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`)}`;

const text = (x: number, y: number, s: string, size = 16, weight = 400) =>
  `<text x="${x}" y="${y}" font-family="Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="#1f2933" text-anchor="middle">${s}</text>`;

export const EXPLANATION_IMAGE = svg(
  `<rect width="480" height="240" rx="12" fill="#f2f4f6"/>` +
  `<rect x="24" y="40" width="120" height="150" rx="8" fill="#fff" stroke="#d5dbe1"/>` +
  [60, 85, 110, 135, 160].map((y) => `<rect x="40" y="${y}" width="14" height="14" rx="3" fill="#00badb"/><rect x="62" y="${y + 3}" width="66" height="8" rx="4" fill="#d5dbe1"/>`).join('') +
  `<path d="M160 115h40" stroke="#00738a" stroke-width="3" marker-end="url(#a)"/>` +
  `<defs><marker id="a" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto"><path d="M0 0L8 4L0 8z" fill="#00738a"/></marker></defs>` +
  `<rect x="216" y="40" width="240" height="150" rx="8" fill="#fff" stroke="#d5dbe1"/>` +
  [70, 110, 90, 140, 120].map((h, i) => `<rect x="${240 + i * 42}" y="${170 - h}" width="26" height="${h}" rx="3" fill="${['#00badb', '#f28e2b', '#6f4e9c', '#59a14f', '#e15759'][i]}"/>`).join('') +
  text(240, 222, '1. Tick stims   2. Choose a report type   3. Generate Report', 15, 600),
);
export const EXPLANATION_ALT = 'Tick the stims to report on, choose a report type, then press Generate Report.';

export const EMPTY_STUDY_IMAGE = svg(
  `<rect width="480" height="240" rx="12" fill="#f2f4f6"/><rect x="170" y="50" width="140" height="100" rx="8" fill="#fff" stroke="#d5dbe1" stroke-dasharray="6 4"/>` +
  text(240, 110, '?', 40, 700) + text(240, 200, 'No stims in this study yet', 18, 600),
);

export const VISUAL_ERROR_IMAGE = svg(
  `<rect width="320" height="200" rx="8" fill="#f2f4f6"/><circle cx="160" cy="80" r="30" fill="none" stroke="#c62828" stroke-width="5"/>` +
  `<path d="M160 62v22M160 94v4" stroke="#c62828" stroke-width="5" stroke-linecap="round"/>` + text(160, 150, 'This visual could not be loaded', 15, 600),
  320, 200,
);

export const PLACEHOLDER_IMAGE = svg(
  `<rect width="320" height="200" rx="8" fill="#f2f4f6"/><path d="M110 140l40-50 30 35 20-20 30 35z" fill="#d5dbe1"/><circle cx="200" cy="70" r="12" fill="#d5dbe1"/>` +
  text(160, 180, 'No preview', 14),
  320, 200,
);

export const SURVIVAL_EXAMPLE_IMAGE = svg(
  `<rect width="480" height="240" rx="12" fill="#fff" stroke="#d5dbe1"/><path d="M40 200V30M40 200h420" stroke="#5f6b78"/>` +
  `<path d="M40 40C120 45 160 90 220 130S360 190 460 196" fill="none" stroke="#00badb" stroke-width="4"/>` +
  text(250, 228, 'seconds', 13) + text(120, 60, '100% at the start', 13),
);
