// The one download module of the SDK (issue 40 item 4): every file an element saves — report,
// question, demographic and batch CSVs, report visuals — goes through saveFile (file-saver), its
// names through fileSlug, and its CSV text through ./csv.ts (the one writer, contract/csv.ts). The
// saver and the alert are swappable so tests can read what would have been saved.
import { saveAs } from 'file-saver';
import { NO_DATA_ALERT } from './csv';
import type { ApiConfig } from '../api/client';
import { recordDownload } from '../api/my-reports';

type Saver = (blob: Blob, fileName: string) => void;
type Alert = (message: string) => void;

const defaultSaver: Saver = (blob, name) => saveAs(blob, name);
const defaultAlert: Alert = (m) => window.alert(m);
let saver: Saver = defaultSaver;
let alertFn: Alert = defaultAlert;

/** Tests: replace the saver (every download's) / alert; call with no argument to restore the real ones. */
export function setCsvSaver(next?: Saver): void {
  saver = next ?? defaultSaver;
}

/** Saves a file the browser built (file-saver, or the test's saver). */
export function saveFile(blob: Blob, fileName: string): void {
  saver(blob, fileName);
}

/**
 * A file-name part of every download: lower case, accents dropped, runs of anything but ASCII
 * letters and digits as one hyphen, none at the ends ('Spring Sale MPU 300x250' →
 * 'spring-sale-mpu-300x250', 'Género' → 'genero').
 */
export function fileSlug(s: string): string {
  return s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}
export function setDownloadAlert(next?: Alert): void {
  alertFn = next ?? defaultAlert;
}

/** Where a saved download is recorded for My Downloads: the caller's API config and the study. */
export interface DownloadRecordTarget {
  api: ApiConfig;
  studyId?: number | null;
}

/**
 * Saves `csv` as `fileName`, or alerts 'No Data to download' when there is nothing (D1-113).
 * With `record`, the saved file is also posted to My Downloads (name, size, study); a failed post
 * never spoils the download itself.
 */
export function downloadCsv(csv: string | null, fileName: string, record?: DownloadRecordTarget): boolean {
  if (!csv) {
    alertFn(NO_DATA_ALERT);
    return false;
  }
  const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
  saver(blob, fileName);
  if (record) {
    recordDownload(record.api, { name: fileName, kind: 'csv', study_id: record.studyId || null, size: blob.size }).catch(() => undefined);
  }
  return true;
}

/**
 * Fetches a report visual (its signed URL, as the <img> shows it) and saves it as `fileName`;
 * with `record`, posts it to My Downloads as kind 'visual'. Rejects when the fetch fails.
 */
export async function downloadVisual(url: string, fileName: string, record?: DownloadRecordTarget): Promise<void> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`The visual answered ${res.status}`);
  const blob = await res.blob();
  saver(blob, fileName);
  if (record) {
    recordDownload(record.api, { name: fileName, kind: 'visual', study_id: record.studyId || null, size: blob.size }).catch(() => undefined);
  }
}

/** A visual's URL asking for its layer alone on a transparent canvas (server `backdrop=none`). */
export function clearLayerUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}backdrop=none`;
}

/** Longest wait for a video's frame before a download falls back to the server's framed PNG. */
const FRAME_TIMEOUT_MS = 15_000;

function once(target: HTMLMediaElement, ok: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out`)), FRAME_TIMEOUT_MS);
    target.addEventListener(ok, () => { clearTimeout(timer); resolve(); }, { once: true });
    target.addEventListener('error', () => { clearTimeout(timer); reject(new Error(`${what} failed`)); }, { once: true });
  });
}

/**
 * The PNG of a video stim's visual with the video's frame under it: the server draws no frame
 * (docs/decisions.md, video frames in the browser), so the frame at `atSeconds` (the report's
 * poster, 0.1 s) is drawn on a canvas of the visual's size and the clear layer over it.
 */
export async function videoFrameVisual(visualUrl: string, videoUrl: string, atSeconds = 0.1): Promise<Blob> {
  const res = await fetch(clearLayerUrl(visualUrl));
  if (!res.ok) throw new Error(`The visual answered ${res.status}`);
  const layer = await createImageBitmap(await res.blob());
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  // Another origin's video taints the canvas unless it is fetched with CORS.
  if (new URL(videoUrl, location.href).origin !== location.origin) video.crossOrigin = 'anonymous';
  const loaded = once(video, 'loadeddata', 'The video');
  video.src = videoUrl;
  await loaded;
  const seeked = once(video, 'seeked', 'Seeking the video');
  video.currentTime = Math.min(atSeconds, Number.isFinite(video.duration) ? video.duration / 2 : atSeconds);
  await seeked;
  const canvas = document.createElement('canvas');
  canvas.width = layer.width;
  canvas.height = layer.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  ctx.drawImage(layer, 0, 0);
  video.removeAttribute('src');
  video.load();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The canvas could not be saved');
  return blob;
}

/**
 * Saves a video stim's visual with its frame under it (videoFrameVisual); when the frame cannot
 * be had (a codec the browser lacks, a video of another origin without CORS) it saves the
 * server's PNG on its dark frame instead, so the download itself never fails for that.
 */
export async function downloadVideoVisual(visualUrl: string, videoUrl: string, fileName: string, record?: DownloadRecordTarget): Promise<void> {
  let blob: Blob;
  try {
    blob = await videoFrameVisual(visualUrl, videoUrl);
  } catch {
    return downloadVisual(visualUrl, fileName, record);
  }
  saver(blob, fileName);
  if (record) {
    recordDownload(record.api, { name: fileName, kind: 'visual', study_id: record.studyId || null, size: blob.size }).catch(() => undefined);
  }
}

/** 'Heatmap', 'Spring Sale MPU 300x250' → 'heatmap-spring-sale-mpu-300x250.png'. */
export function visualFileName(visual: string, stimName: string): string {
  return `${[fileSlug(visual), fileSlug(stimName)].filter(Boolean).join('-') || 'visual'}.png`;
}
