// Saves a CSV through file-saver. The saver and the alert are swappable so tests can read what
// would have been saved without a real download.
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

/** Tests: replace the saver / alert; call with no argument to restore the real ones. */
export function setCsvSaver(next?: Saver): void {
  saver = next ?? defaultSaver;
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
  const slug = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `${[slug(visual), slug(stimName)].filter(Boolean).join('-') || 'visual'}.png`;
}
