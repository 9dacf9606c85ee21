import styled from 'styled-components';
import { useGazeSelector } from '../../core/store/context';
import { useResource } from '../../core/resource/hooks';
import { homeOverview } from '../../core/home/overview';
import { selectUser } from '../../core/session/selectors';
import { readStored } from '../../core/session/storage';
import { ButtonLink, ErrorText, Heading, Spinner, tokens } from '../../ui';

const Wrap = styled.section`
  display: grid;
  gap: 20px;
`;
const Company = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${tokens.muted};
  img { max-height: 48px; max-width: 160px; object-fit: contain; }
`;
const Counts = styled.div`
  display: flex;
  gap: 16px;
  flex-wrap: wrap;
`;
const Count = styled.div`
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  background: ${tokens.surface};
  padding: 16px 20px;
  min-width: 180px;
  strong { display: block; font-size: 2em; color: ${tokens.primaryStrong}; }
`;
const CreateLink = styled(ButtonLink)`
  justify-self: start;
`;

/**
 * User type 1 sees 'Create Study' (D1-081). The signed-in user decides; before the store knows a
 * user (a host that only stored the session), the stored userType does.
 */
function useIsStudyUser(): boolean {
  const user = useGazeSelector(selectUser);
  if (user) return user.user_type_id === 1;
  return readStored('userType') === '1';
}

export function Home() {
  // Keyed by the element's company too: a company switch reads (and fetches) that company's counts.
  const { data: overview, error } = useResource(homeOverview, undefined);
  const isStudyUser = useIsStudyUser();

  if (!overview) return error ? <ErrorText>{error}</ErrorText> : <Spinner />;
  return (
    <Wrap>
      <Heading part="greeting">Hello, {overview.first_name}</Heading>
      <Company part="company">
        {overview.company_logo_url ? <img part="logo" src={overview.company_logo_url} alt={overview.company} /> : null}
        <span>{overview.company}</span>
      </Company>
      <Counts part="counts">
        <Count data-count="live">
          <strong>{overview.total_live}</strong> Live studies
        </Count>
        <Count data-count="completed">
          <strong>{overview.total_completed}</strong> Completed studies
        </Count>
      </Counts>
      {isStudyUser ? (
        <CreateLink part="create-study" href="/create-study">
          Create Study
        </CreateLink>
      ) : null}
    </Wrap>
  );
}
