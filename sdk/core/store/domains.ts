// The domain registry: to add a domain, write sdk/core/<domain>/{slice,saga,selectors}.ts and add
// ONE line to each list below. Nothing else in the store changes.
import session from '../session/slice';
import sessionSaga from '../session/saga';
import account from '../account/slice';
import accountSaga from '../account/saga';
import feedback from '../feedback/slice';
import feedbackSaga from '../feedback/saga';
import contact from '../contact/slice';
import contactSaga from '../contact/saga';
import home from '../home/slice';
import homeSaga from '../home/saga';
import studies from '../studies/slice';
import studiesSaga from '../studies/saga';
import lookups from '../lookups/slice';
import lookupsSaga from '../lookups/saga';
import demographics from '../demographics/slice';
import demographicsSaga from '../demographics/saga';

export const reducers = {
  session,
  account,
  feedback,
  contact,
  home,
  studies,
  lookups,
  demographics,
};

export const sagas = [
  sessionSaga,
  accountSaga,
  feedbackSaga,
  contactSaga,
  homeSaga,
  studiesSaga,
  lookupsSaga,
  demographicsSaga,
];
