// Areas of interest (server/routes/aoi; spec document 2 §2.8, §7.2 "AOI endpoints"). The editor
// reads and saves through one of two families keyed by its `type`: type=stim →
// /analysis/stimuli/{stim id} (this area), anything else → /analysis/tpstimuli/{batch stim id}
// (the batches area, same schemas: AoiEditorData and SaveAoisBody). /analysis/tags2 is the tag
// vocabulary both offer. Saving answers at once and queues a recompute job (recompute-aois) that
// rebuilds the per-AOI summaries of every exposure of the stim; its progress is GET /jobs/{id}.
import { Type, type Static } from 'typebox';
import { defineOperation, Id, IdParam, Int4, Nullable, Ok, SIGNED_IN, STUDY_ROLES, Text } from './common.js';

/** Coordinates are stim pixels; a polygon's vertices likewise. */
export const AOI_LIMITS = { perStim: 100, vertices: 100, coordinate: 100_000, tag: 100 } as const;

const Coord = (description?: string) => Type.Number({ minimum: -AOI_LIMITS.coordinate, maximum: AOI_LIMITS.coordinate, ...(description ? { description } : {}) });
const Size = () => Type.Number({ minimum: 0, maximum: AOI_LIMITS.coordinate });

export const AoiPoint = Type.Tuple([Coord(), Coord()], { description: '[x, y] in stim pixels' });

export const Aoi = Type.Object({
  id: Type.Optional(Nullable(Id({ description: 'Kept when the AOI was loaded; left out for a new one' }))),
  tag: Text(AOI_LIMITS.tag, { minLength: 1, description: 'The feature name; AOIs sharing a tag form one feature' }),
  shape: Type.Union([Type.Literal('rect'), Type.Literal('polygon')]),
  x: Coord('rect: left edge (polygon: bounding box)'),
  y: Coord('rect: top edge (polygon: bounding box)'),
  width: Size(),
  height: Size(),
  points: Type.Optional(Nullable(Type.Array(AoiPoint, { maxItems: AOI_LIMITS.vertices, description: 'polygon: at least 3 vertices' }))),
});
export type Aoi = Static<typeof Aoi>;

export const AoiEditorData = Type.Object({
  /** The id the editor was opened with (a stim id for type=stim, a batch stim id otherwise). */
  id: Id(),
  stim_id: Id(),
  name: Type.String(),
  stim_type: Type.String(),
  source: Nullable(Type.String({ description: 'Signed URL of the image (or video poster) to draw on' })),
  width: Nullable(Int4()),
  height: Nullable(Int4()),
  heatmap_url: Nullable(Type.String({ description: "Signed URL of the stim's heatmap in its latest study with data, or null" })),
  aois: Type.Array(Aoi),
  /** The recompute job of the last save, while one is queued or running. */
  job_id: Nullable(Id()),
});
export type AoiEditorData = Static<typeof AoiEditorData>;

export const SaveAoisBody = Type.Object({ aois: Type.Array(Aoi, { maxItems: AOI_LIMITS.perStim }) });
export type SaveAoisBody = Static<typeof SaveAoisBody>;

export const AoiEditorResponse = Ok({ data: AoiEditorData });
export type AoiEditorResponse = Static<typeof AoiEditorResponse>;
export const SaveAoisResponse = Ok({ data: AoiEditorData, job_id: Nullable(Id({ description: 'The recompute job (GET /v1.0/jobs/{id}); null when the stim has no exposures' })) });
export type SaveAoisResponse = Static<typeof SaveAoisResponse>;

export const TagsResponse = Ok({ data: Type.Array(Type.Object({ name: Type.String(), count: Int4({ description: "AOIs of the acting company's stims with this tag" }) })) });
export type TagsResponse = Static<typeof TagsResponse>;

export const AoiStimParams = Type.Object({ id: IdParam({ description: 'Stim id' }) });

const tags = ['stims'] as const;

export const getStim = defineOperation({
  operationId: 'getAoiStim',
  method: 'GET',
  path: '/v1.0/analysis/stimuli/:id',
  summary: "A stim and its areas of interest, for the AOI editor",
  tags, access: 'read', roles: STUDY_ROLES,
  params: AoiStimParams,
  response: { 200: AoiEditorResponse },
  errors: [404],
});

export const saveStim = defineOperation({
  operationId: 'saveAoiStim',
  method: 'POST',
  path: '/v1.0/analysis/stimuli/:id',
  summary: "Replace a stim's areas of interest and queue the recompute of its feature metrics",
  description: 'AOIs sent with their id are kept (and changed); those left out are deleted; new ones are created. Answers the saved AOIs and the recompute job id.',
  tags, access: 'write', roles: STUDY_ROLES,
  params: AoiStimParams,
  body: SaveAoisBody,
  response: { 200: SaveAoisResponse },
  errors: [404],
});

export const tagList = defineOperation({
  operationId: 'listAoiTags',
  method: 'GET',
  path: '/v1.0/analysis/tags2',
  summary: "AOI tags to choose from: the usual features and the acting company's own, most used first",
  tags, access: 'read', roles: SIGNED_IN,
  response: { 200: TagsResponse },
});

export const operations = { getStim, saveStim, tagList };
