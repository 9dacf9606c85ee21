// Issue 38's route walker as the vendor (tests/e2e/walk.ts).
import { walkAs } from './walk';

walkAs('vendor', false);
