// Saves a CSV through file-saver. The saver and the alert are swappable so tests can read what
// would have been saved without a real download.
import { saveAs } from 'file-saver';
import { NO_DATA_ALERT } from './csv';

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

/** Saves `csv` as `fileName`, or alerts 'No Data to download' when there is nothing (D1-113). */
export function downloadCsv(csv: string | null, fileName: string): boolean {
  if (!csv) {
    alertFn(NO_DATA_ALERT);
    return false;
  }
  saver(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
  return true;
}
