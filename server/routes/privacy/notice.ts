// The reports' retention notice (issue 41 item 3): the heatmap and replay answers say when raw gaze
// of the study was removed (contract/privacy.ts PRIVACY_MESSAGES.rawGazeRemoved).
import type { Db } from '../../db/client.js';
import { rawGazeNotice } from '../../../contract/privacy.js';
import { rawGazeRemovedAt } from '../../services/privacy.js';
import { ddmmyyyy } from '../../services/study-management.js';

export async function rawGazeNoticeOf(db: Db, studyId: number): Promise<string | null> {
  return rawGazeNotice(await rawGazeRemovedAt(db, studyId), ddmmyyyy);
}
