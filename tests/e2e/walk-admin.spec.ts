// Issue 38's route walker as the admin (tests/e2e/walk.ts).
import { walkAs } from './walk';

walkAs('admin', false);
