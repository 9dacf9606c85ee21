import { ErrorText } from '../../ui';
import { QuestionReport as Body } from '../../features/report-question';

export interface QuestionReportProps {
  /** From the attribute (a string) or a host's React prop (a number). */
  studyId?: number | string;
}

/** A decimal study id from 1 to 2^31 − 1; anything else cannot be a study. */
function studyIdOf(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[1-9][0-9]{0,9}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= 2147483647 ? n : 0;
}

export function QuestionReportElement({ studyId }: QuestionReportProps) {
  const id = studyIdOf(studyId);
  if (!id) return <ErrorText>No study given</ErrorText>;
  return <Body studyId={id} />;
}
