import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { MyDownloads } from './MyDownloads';

/**
 * My Downloads: the signed-in user's downloads (CSV files saved from reports, visuals, and large
 * exports run on the server) with name, study, kind, size, status and, for stored exports, a
 * signed link. Newest first, paged; refreshes itself while an export runs.
 *
 * @element gaze-my-downloads
 * @csspart my-downloads - The whole surface.
 * @csspart link - A stored file's download link.
 */
export const GazeMyDownloadsElement = defineElement('gaze-my-downloads', MyDownloads, { props: {} });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-my-downloads': { attributes: CommonAttributes; events: CommonEvents };
  }
}
