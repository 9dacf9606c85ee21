// The one state a study-only screen shows to a batch (vendor) account. The server refuses these
// operations to batch users ('Only study users may use this', STUDY_ROLES); the screen says so once,
// with the way to the vendor's own stims, instead of a refused list beside live buttons.
import { useId } from 'react';
import styled from 'styled-components';
import { useGazeSelector } from '../../core/store/context';
import { selectUser } from '../../core/session/selectors';
import { readStored } from '../../core/session/storage';
import { ButtonLink, tokens } from '../../ui';

export const STUDY_ONLY_TITLE = 'This page is for study accounts';
export const STUDY_ONLY_TEXT = 'Your account is a batch account: your stims are in My Stimuli.';

/**
 * False when the signed-in user is known to be a batch user without super-user rights (the roles
 * STUDY_ROLES refuses); true otherwise. Before the store knows the user, the stored userType decides.
 */
export function useStudyAccess(): boolean {
  const user = useGazeSelector(selectUser);
  if (user) return user.user_type_id === 1 || user.super_user === true;
  const type = readStored('userType');
  return type === null || type === '1' || readStored('superUser') === 'true';
}

const Box = styled.section`
  text-align: center;
  padding: ${tokens.space5} ${tokens.space4};
  h2 { font-size: 1.3em; margin: 0 0 ${tokens.space2}; }
  p { color: ${tokens.muted}; margin: 0 0 ${tokens.space4}; }
`;

export function StudyOnlyState() {
  const id = useId();
  return (
    <Box part="study-only" aria-labelledby={id}>
      <h2 id={id}>{STUDY_ONLY_TITLE}</h2>
      <p>{STUDY_ONLY_TEXT}</p>
      <ButtonLink part="back" href="/batch_stim_list">Go to My Stimuli</ButtonLink>
    </Box>
  );
}
