// The company's retention periods (issue 41 item 3): how long raw gaze is kept after each session
// and a completed study's respondent data after its completion; empty means kept. Company
// administrators change them (the server enforces it); everyone else reads them.
import { useEffect, useState } from 'react';
import { useMutation, useResource } from '../../core/resource/hooks';
import { retention, saveRetention } from '../../core/privacy/privacy';
import { RETENTION_MAX_DAYS } from '../../core/api/privacy';
import { Actions, Button, Card, ErrorText, Fieldset, Heading, Spinner, SuccessText, TextField } from '../../ui';

/** '' → null (kept); a whole number of days in range, else an error text. */
export function parseDays(v: string): { days: number | null; error: string | null } {
  const t = v.trim();
  if (!t) return { days: null, error: null };
  const n = Number(t);
  if (!Number.isInteger(n) || n < 1 || n > RETENTION_MAX_DAYS) return { days: null, error: `A whole number of days from 1 to ${RETENTION_MAX_DAYS}, or empty to keep` };
  return { days: n, error: null };
}

export function RetentionSettings() {
  const current = useResource(retention, undefined);
  const save = useMutation(saveRetention);
  const [gaze, setGaze] = useState('');
  const [studies, setStudies] = useState('');
  const data = current.data;
  useEffect(() => {
    if (!data) return;
    setGaze(data.raw_gaze_days === null ? '' : String(data.raw_gaze_days));
    setStudies(data.study_days === null ? '' : String(data.study_days));
  }, [data]);
  const g = parseDays(gaze);
  const s = parseDays(studies);
  const canEdit = data?.can_edit === true;

  return (
    <Card part="retention">
      <Heading as="h2">Retention {current.loading ? <Spinner $size={16} /> : null}</Heading>
      {current.status === 'error' && !data ? (
        <ErrorText>
          The retention periods could not be loaded ({current.error}).{' '}
          <Button $variant="link" onClick={current.refetch}>Try again</Button>
        </ErrorText>
      ) : null}
      {data ? (
        <form noValidate onSubmit={(e) => {
          e.preventDefault();
          if (!g.error && !s.error) save.run({ raw_gaze_days: g.days, study_days: s.days });
        }}>
          <p>
            Removed once a day. After raw gaze is removed every KPI, curve, norm and feature metric stays; heatmaps, view
            order and gaze replays of those sessions are no longer available.
            {canEdit ? '' : ' Only company administrators can change the retention periods.'}
          </p>
          <Fieldset disabled={!canEdit || save.pending} aria-busy={save.pending}>
            <TextField label="Keep raw gaze for (days after each session; empty: keep)" name="raw_gaze_days" inputMode="numeric"
              value={gaze} onChange={(e: React.ChangeEvent<HTMLInputElement>) => setGaze(e.target.value)} error={g.error} />
            <TextField label="Keep respondent data of completed studies for (days after completion; empty: keep)" name="study_days"
              inputMode="numeric" value={studies} onChange={(e: React.ChangeEvent<HTMLInputElement>) => setStudies(e.target.value)} error={s.error} />
            {canEdit ? (
              <Actions>
                <Button type="submit" part="button">Save</Button>
                {save.pending ? <Spinner $size={16} /> : null}
              </Actions>
            ) : null}
          </Fieldset>
          <div aria-live="polite">
            {save.done ? <SuccessText>Retention periods saved.</SuccessText> : null}
            {save.status === 'error' ? <ErrorText>{save.error}</ErrorText> : null}
          </div>
        </form>
      ) : null}
    </Card>
  );
}

