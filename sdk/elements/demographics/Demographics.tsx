import { Heading, NotFoundState } from '../../ui';
import { DemographicsBody, useDemographics, validStudyId } from '../../features/demographics-pies';

export { validStudyId };

export interface DemographicsProps {
  /** From the attribute (a string) or a host's React prop (a number). */
  studyId?: number | string;
  studyName?: string;
}

export function Demographics({ studyId, studyName }: DemographicsProps) {
  const id = validStudyId(studyId);
  // What this element shows and edits is its own; the summary is keyed by study, limit and filters
  // (and the element's config), so several elements share a page and each refetches only its key.
  const demographics = useDemographics(id);
  const name = demographics.summary.data?.studyName ?? null;

  // An id that cannot be a study, or one the server does not know for this company (404: it
  // never says which), gets the not-found state with a way back, not a blank page (issue 10 item 6).
  if (id === 0 || demographics.summary.errorStatus === 404) {
    return (
      <section part="demographics">
        <NotFoundState level={1} title="Study not found" backHref="/my_studies" backLabel="Back to My Studies">
          There is no study with this address among your studies. It may have been removed, or the link may be mistyped.
        </NotFoundState>
      </section>
    );
  }

  return (
    <section part="demographics">
      <Heading part="title">{name ?? studyName ?? ''}</Heading>
      <DemographicsBody id={id} demographics={demographics} />
    </section>
  );
}
