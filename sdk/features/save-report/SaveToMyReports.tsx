// "Save to My Reports" (issue 19): saves the report view on screen (its type and stims) as a panel
// of My Reports, in a row the user names (default 'Saved reports'). The report builder shows it
// under a generated report.
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '../../core/resource/hooks';
import { savePanel } from '../../core/my-reports/my-reports';
import { DEFAULT_ROW_NAME, REPORT_NAME_MAX, type PanelReportType } from '../../core/api/my-reports';
import { Actions, Button, ErrorText, Modal, TextField, Toast } from '../../ui';

export const SAVE_LABEL = 'Save to My Reports';
export const SAVED_TEXT = 'Saved to My Reports';
export const NAME_REQUIRED = 'Name required';

export interface SaveToMyReportsProps {
  studyId: number;
  reportType: PanelReportType;
  stims: string[];
  defaultName: string;
}

export function SaveToMyReports({ studyId, reportType, stims, defaultName }: SaveToMyReportsProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(defaultName);
  const [row, setRow] = useState(DEFAULT_ROW_NAME);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation(savePanel);
  const { status, count, reset } = save;

  useEffect(() => {
    if (count && status === 'done') {
      setOpen(false);
      setSaved(true);
      reset();
    }
  }, [status, count, reset]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setInvalid(NAME_REQUIRED);
      return;
    }
    setInvalid(null);
    save.run({ studyId, body: { name: name.trim(), row_name: row.trim() || DEFAULT_ROW_NAME, report_type: reportType, stims } });
  };

  return (
    <>
      <Button type="button" $variant="secondary" part="save-report" onClick={() => { setName(defaultName); setOpen(true); }}>
        {SAVE_LABEL}
      </Button>
      {open ? (
        <Modal open title={SAVE_LABEL} onClose={() => setOpen(false)} part="save-dialog">
          <form onSubmit={submit} noValidate>
            <TextField label="Report name" value={name} maxLength={REPORT_NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} error={invalid ?? undefined} />
            <TextField label="Row" value={row} maxLength={REPORT_NAME_MAX} onChange={(e) => setRow(e.currentTarget.value)} />
            {save.error ? <ErrorText role="alert">{save.error}</ErrorText> : null}
            <Actions>
              <Button type="button" $variant="secondary" onClick={() => setOpen(false)}>Cancel</Button>
              <Button type="submit" disabled={save.pending}>Save</Button>
            </Actions>
          </form>
        </Modal>
      ) : null}
      {saved ? <Toast kind="success" text={SAVED_TEXT} onClose={() => setSaved(false)} /> : null}
    </>
  );
}
