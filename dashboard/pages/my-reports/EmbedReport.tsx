// The embeddable report page (/embed/report): what a My Reports URL opens, in our iframe or in a
// customer's intranet page. No sign-in and no frame: the report element reads with the URL's
// embed token (read-only, one study's report, expiring; server/services/embed-tokens.ts). The
// server sends this prefix the 'embed' security policy (server/plugins/security.ts).
import { useSearchParams } from 'react-router';
import { GazeElement } from '../GazeElement';

const TAGS: Record<string, `gaze-${string}`> = {
  compare: 'gaze-attention-report',
  kpi: 'gaze-kpi-report',
  feature: 'gaze-feature-report',
  demographics: 'gaze-demographics',
  questionAnswers: 'gaze-question-report',
};

export function EmbedReport() {
  const [q] = useSearchParams();
  const token = q.get('token') ?? '';
  const study = q.get('study') ?? '';
  const tag = TAGS[q.get('report_type') ?? ''];
  if (!token || !/^[1-9][0-9]{0,9}$/.test(study) || !tag) {
    return (
      <main className="gz-public" role="alert">
        <p>This report link is incomplete. Open it again from My Reports.</p>
      </main>
    );
  }
  return (
    <main className="gz-embed" aria-label="Embedded report">
      <GazeElement tag={tag} attrs={{ 'study-id': study, stims: q.get('stims') ?? undefined, token }} />
    </main>
  );
}
