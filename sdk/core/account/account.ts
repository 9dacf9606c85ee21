// My account (D1-037..042): the profile is a keyed resource of the element's token; saving is a
// mutation that patches it and, for the signed-in user's own token, the session's user.
import { put, select } from 'redux-saga/effects';
import { getDetails, updateDetails } from '../api/user';
import type { Profile, User } from '../api/user';
import { tokenId } from '../config/config';
import { createResource } from '../resource/resource';
import { createMutation, type MutationContext } from '../resource/mutation';
import { sessionActions, type SessionState } from '../session/slice';

export const accountDetails = createResource<void, User>({
  name: 'account/details',
  fetch: (api) => getDetails(api),
});

export const saveProfile = createMutation<Profile, void>({
  name: 'account/save',
  run: updateDetails,
  *onDone({ api, args }: MutationContext<Profile, void>) {
    yield put(accountDetails.actions.patch({ api, params: undefined, data: args }));
    // Keep the signed-in user (header greeting, storage) in step, when it is that user's profile.
    const sessionToken: string | null = yield select((s: { session: SessionState }) => s.session.token);
    if (tokenId(sessionToken) === tokenId(api.token)) yield put(sessionActions.userUpdated(args));
  },
});

export const PROFILE_FIELDS = ['first_name', 'last_name', 'location', 'job_title', 'phone_number', 'email'] as const;

/** Form values: a null from the server is shown as an empty field (D1-039). */
export function profileForm(user: User | null): Profile {
  const out = {} as Profile;
  for (const f of PROFILE_FIELDS) out[f] = user?.[f] ?? '';
  return out;
}
