// Issue 38's route walker as the researcher and the public pages (tests/e2e/walk.ts).
import { walkAs } from './walk';

walkAs('researcher', true);
