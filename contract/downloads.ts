// My Downloads (issue 19): every CSV or visual a user downloads is recorded (name, kind, study,
// size, time), and large exports (a whole study's participant data) run as a job writing a file
// to storage with progress. The list is the user's own, newest first, paged, with signed links.
import { Type, type Static } from 'typebox';
import { areaTag, defineOperation, Id, IdParam, Int4, IntLike, Nullable, SIGNED_IN, STUDY_ROLES, StudyParams, Text } from './common.js';

declare module './common.js' {
  interface AreaTags { downloads: true }
}
const TAG = areaTag('downloads');

export const DOWNLOAD_KINDS = ['csv', 'visual', 'export'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];
/** The kinds a browser records itself (an export is recorded by its job). */
export const RECORDED_DOWNLOAD_KINDS = ['csv', 'visual'] as const satisfies readonly DownloadKind[];
export const DOWNLOAD_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];
export const DOWNLOAD_PAGE_SIZES = [10, 25, 50] as const;
/** The largest file a browser-built download may report (bytes, int4). */
export const DOWNLOAD_SIZE_MAX = 2147483647;

export const DownloadView = Type.Object({
  id: Id(),
  name: Type.String(),
  kind: Type.Unsafe<DownloadKind>({ type: 'string', enum: [...DOWNLOAD_KINDS], description: 'csv | visual (built in the browser) | export (a server job)' }),
  study_id: Nullable(Type.Integer()),
  study_name: Nullable(Type.String()),
  status: Type.Unsafe<DownloadStatus>({ type: 'string', enum: [...DOWNLOAD_STATUSES] }),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  size: Nullable(Type.Integer({ description: 'Bytes' })),
  url: Nullable(Type.String({ description: 'Signed, expiring link to the stored file (exports that are done)' })),
  error: Nullable(Type.String()),
  created_at: Type.String({ description: 'ISO 8601' }),
});
export type DownloadView = Static<typeof DownloadView>;

export const RecordDownloadBody = Type.Object({
  name: Text(200, { minLength: 1, description: 'The file name saved' }),
  kind: Type.Unsafe<(typeof RECORDED_DOWNLOAD_KINDS)[number]>({ type: 'string', enum: [...RECORDED_DOWNLOAD_KINDS] }),
  study_id: Type.Optional(Nullable(Id())),
  size: Int4({ description: 'Bytes' }),
});
export type RecordDownloadBody = Static<typeof RecordDownloadBody>;

export const DownloadListQuery = Type.Object({
  page_num: Type.Optional(IntLike(1, { default: 1 })),
  results_per_page: Type.Optional(Type.Unsafe<number | string>({ enum: [...DOWNLOAD_PAGE_SIZES, ...DOWNLOAD_PAGE_SIZES.map(String)], default: 10 })),
});
export type DownloadListQuery = Static<typeof DownloadListQuery>;
export const DownloadListResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(DownloadView),
  total: Type.Integer(),
  page_num: Type.Integer(),
  total_pages: Type.Integer(),
});
export type DownloadListResponse = Static<typeof DownloadListResponse>;
export const DownloadResponse = Type.Object({ success: Type.Literal(true), download: DownloadView });
export type DownloadResponse = Static<typeof DownloadResponse>;

export const recordDownload = defineOperation({
  tags: [TAG], access: 'write', roles: SIGNED_IN, method: 'POST', operationId: 'recordDownload', path: '/v1.0/downloads',
  body: RecordDownloadBody, errors: [404],
  summary: 'Records a file the user downloaded (the SDK CSV helper posts it)',
  description: 'A study_id not of the acting company answers 404.',
  response: { 200: DownloadResponse },
});
export const listDownloads = defineOperation({
  tags: [TAG], access: 'read', roles: SIGNED_IN, method: 'GET', operationId: 'listDownloads', path: '/v1.0/downloads',
  querystring: DownloadListQuery,
  summary: "The caller's downloads in the acting company, newest first, paged",
  response: { 200: DownloadListResponse },
});
export const DownloadParams = Type.Object({ downloadId: IdParam({ description: 'Download id' }) });
export const getDownload = defineOperation({
  tags: [TAG], access: 'read', roles: SIGNED_IN, method: 'GET', operationId: 'getDownload', path: '/v1.0/downloads/:downloadId',
  params: DownloadParams, errors: [404],
  summary: 'One of the caller\'s downloads (an export\'s status and progress)',
  response: { 200: DownloadResponse },
});
export const exportParticipants = defineOperation({
  tags: [TAG], access: 'write', roles: STUDY_ROLES, method: 'POST', operationId: 'exportStudyParticipants', path: '/v1.0/studies/:id/export-participants',
  params: StudyParams, errors: [404],
  summary: "Queues the export of a whole study's participant data (one CSV in storage)",
  description: 'Answers at once with the queued record; the job updates its progress and, when done, its size and file (listed by GET /downloads).',
  response: { 200: Type.Object({ success: Type.Literal(true), download: DownloadView, job_id: Id() }) },
});

export const operations = { recordDownload, listDownloads, getDownload, exportParticipants };
