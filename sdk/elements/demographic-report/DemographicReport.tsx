import { ErrorText, Heading } from '../../ui';
import { DemographicsBody, useDemographics, validStudyId } from '../../features/demographics-pies';

export interface DemographicReportProps {
  /** From the attribute (a string) or a host's React prop (a number). */
  studyId?: number | string;
}

/** The demographic report in the study reports context (D3-268): the demographics pies with their switch, filters and downloads. */
export function DemographicReport({ studyId }: DemographicReportProps) {
  const id = validStudyId(studyId);
  const demographics = useDemographics(id);
  if (id === 0) return <ErrorText>No study given</ErrorText>;
  // The report builder has already found the study; a 404 here means it went away meanwhile.
  if (demographics.summary.errorStatus === 404) return <ErrorText>Study not found</ErrorText>;
  const name = demographics.summary.data?.studyName ?? '';
  return (
    <section part="demographic-report">
      <Heading part="title">{name ? `Participant demographics: ${name}` : 'Participant demographics'}</Heading>
      <DemographicsBody id={id} demographics={demographics} />
    </section>
  );
}
