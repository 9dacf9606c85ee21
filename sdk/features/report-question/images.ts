// The question report's two illustrations (D3-256, D3-257), inline so they work offline and in
// any shadow root.
const svg = (body: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200">${body}</svg>`)}`;
const caption = (s: string) => `<text x="160" y="170" font-family="Arial, sans-serif" font-size="17" font-weight="600" fill="#1f2933" text-anchor="middle">${s}</text>`;

export const OVERVIEW_ERROR_IMAGE = svg(
  `<rect width="320" height="200" rx="10" fill="#f2f4f6"/><circle cx="160" cy="80" r="34" fill="none" stroke="#c62828" stroke-width="5"/>` +
  `<path d="M160 60v26M160 98v4" stroke="#c62828" stroke-width="5" stroke-linecap="round"/>` + caption('Error loading your data'),
);

export const NO_RESULTS_IMAGE = svg(
  `<rect width="320" height="200" rx="10" fill="#f2f4f6"/>` +
  [30, 55, 20].map((h, i) => `<rect x="${112 + i * 36}" y="${120 - h}" width="24" height="${h}" rx="3" fill="none" stroke="#c3ccd4" stroke-width="3" stroke-dasharray="6 4"/>`).join('') +
  `<path d="M100 120h120" stroke="#c3ccd4" stroke-width="3"/>` + caption('No data available'),
);
