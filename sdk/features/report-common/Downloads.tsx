import { useState } from 'react';
import { Button, Menu, Toast, TOAST_DURATION_ERROR } from '../../ui';
import { useApi } from '../../core/resource/hooks';
import { downloadReport, downloadTable, DOWNLOAD_ERROR, type ReportDownload, type TableDownload } from '../../core/reports/downloads';
import type { StimKey } from '../../core/reports/keys';
import { reportFilterBody, type ReportFilters } from '../../core/reports/reports';

/** A download menu of one stim's CSVs; a failure shows 'Error downloading data' (resolution 8). */
export function DownloadMenu({ stim, items, normType, filters }: { stim: StimKey; items: { kind: ReportDownload; label: string }[]; normType?: number; filters?: ReportFilters }) {
  const api = useApi();
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Menu
        label="Download"
        part="download-menu"
        variant="secondary"
        align="end"
        items={items.map((it) => ({
          id: it.kind,
          label: it.label,
          onSelect: () => {
            // The CSVs hold the respondents the report shows: its norm and its demographic filters.
            downloadReport(api, it.kind, stim, { ...(normType ? { norm_type_id: normType as 1 | 2 | 3 | 4 } : {}), ...reportFilterBody(filters) }).catch(() => setFailed(true));
          },
        }))}
      />
      {failed ? <Toast kind="error" text={DOWNLOAD_ERROR} duration={TOAST_DURATION_ERROR} onClose={() => setFailed(false)} /> : null}
    </>
  );
}

/**
 * Saves a report table as CSV (D3-270), listed in My Downloads under `studyId`; an empty one
 * alerts 'No Data to download', a failure shows 'Error downloading data'.
 */
export function TableDownload({ kind, csv, studyId }: { kind: TableDownload; csv: () => string | null; studyId: number }) {
  const api = useApi();
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Button
        $variant="secondary"
        part="table-download"
        data-kind={kind}
        onClick={() => {
          try {
            downloadTable(kind, csv(), { api, studyId });
          } catch {
            setFailed(true);
          }
        }}
      >
        Download table
      </Button>
      {failed ? <Toast kind="error" text={DOWNLOAD_ERROR} duration={TOAST_DURATION_ERROR} onClose={() => setFailed(false)} /> : null}
    </>
  );
}
