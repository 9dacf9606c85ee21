// The contract's password-reset rules and texts, in the shape the service takes (services do not
// import contract/).
import { passwordProblem, RESET_LINK_INVALID, RESET_LINK_MINUTES, RESET_PAGE_PATH } from '../../../contract/auth.js';
import type { ResetRules } from '../../services/password-reset.js';

export const resetRules: ResetRules = {
  minutes: RESET_LINK_MINUTES,
  pagePath: RESET_PAGE_PATH,
  passwordProblem,
  invalidLink: RESET_LINK_INVALID,
};
