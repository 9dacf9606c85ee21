// Report visuals (server/routes/visuals): PNGs rendered from the base's fixations and the stim's
// AOIs, outside /v1.0 and without a token (an <img> cannot send one), by signed URL only.
import { Type } from 'typebox';
import { Binary, defineOperation, IdParam, Text } from './common.js';

export const VISUAL_FILE_PATTERN = '^(heatmap|vieworder|featureanalysis|analysis)\\.png$';

export const VisualParams = Type.Object({
  studyId: IdParam(),
  stepId: IdParam(),
  stimId: IdParam(),
  file: Type.String({ pattern: VISUAL_FILE_PATTERN, maxLength: 40 }),
});
export const VisualQuery = Type.Object({
  expires: Type.Optional(Text(20)),
  sig: Type.Optional(Text(200)),
  quality: Type.Optional(Type.Union([Type.Literal('low'), Type.Literal('high')])),
  weight: Type.Optional(Type.Union([Type.Literal('duration'), Type.Literal('count')], {
    description: 'What each fixation adds to the heatmap and stim analysis: its duration (default) or 1 (fixation count).',
  })),
  backdrop: Type.Optional(Type.Union([Type.Literal('stim'), Type.Literal('none')], {
    description: 'stim (default): drawn over the creative (a grey frame for videos); none: the layer alone on a transparent canvas, for the browser to composite over a video frame.',
  })),
});

export const visual = defineOperation({
  operationId: 'getVisual',
  method: 'GET',
  path: '/visuals/:studyId/:stepId/:stimId/:file',
  summary: 'A report visual (heatmap, view order, feature analysis, analysis) as PNG, by signed URL',
  description: 'quality=low halves the resolution; weight=duration|count chooses what a fixation adds to the heatmap and stim analysis (default duration); backdrop=none draws the layer alone on a transparent canvas (a video\'s frame is composited by the browser). All three sit outside the signature. Any missing, wrong or expired signature answers 403.',
  tags: ['visuals', 'reports'],
  access: 'read',
  roles: ['signed_url'],
  params: VisualParams,
  querystring: VisualQuery,
  response: { 200: Binary('image/png', 'The rendered visual') },
  errors: [403, 404],
});

export const operations = { visual };
