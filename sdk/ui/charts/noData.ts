// The "No data" illustration shown instead of a pie without enough data (D1-111): an empty pie
// outline with a slash and the words, inline so it works offline and inside any shadow root.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="160" viewBox="0 0 200 160">
<circle cx="100" cy="68" r="46" fill="#f2f5f7" stroke="#c3ccd4" stroke-width="4" stroke-dasharray="10 8"/>
<line x1="66" y1="102" x2="134" y2="34" stroke="#c3ccd4" stroke-width="4" stroke-linecap="round"/>
<text x="100" y="148" text-anchor="middle" font-family="Arial, sans-serif" font-size="18" fill="#6b7785">No data</text>
</svg>`;

export const NO_DATA_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
export const NO_DATA_ALT = 'No data';
