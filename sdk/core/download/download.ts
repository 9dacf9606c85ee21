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

/** 'Heatmap', 'Spring Sale MPU 300x250' → 'heatmap-spring-sale-mpu-300x250.png'. */
export function visualFileName(visual: string, stimName: string): string {
  return `${[fileSlug(visual), fileSlug(stimName)].filter(Boolean).join('-') || 'visual'}.png`;
}
