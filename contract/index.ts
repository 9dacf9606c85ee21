// Every operation of the API, by area (one file per area, mirroring server/routes/<area>).
// Add an area's `operations` here when adding the area.
import type { AnyOperation } from './common.js';
import * as auth from './auth.js';
import * as user from './user.js';
import * as studies from './studies.js';
import * as demographics from './demographics.js';
import * as feedback from './feedback.js';
import * as lookups from './lookups.js';
import * as files from './files.js';
import * as ingest from './ingest.js';
import * as reports from './reports.js';
import * as survey from './survey.js';
import * as visuals from './visuals.js';
import * as meta from './meta.js';
import * as jobs from './jobs.js';

export const areas: Record<string, Record<string, AnyOperation>> = {
  auth: auth.operations,
  user: user.operations,
  studies: studies.operations,
  demographics: demographics.operations,
  feedback: feedback.operations,
  lookups: lookups.operations,
  files: files.operations,
  ingest: ingest.operations,
  reports: reports.operations,
  survey: survey.operations,
  visuals: visuals.operations,
  meta: meta.operations,
  jobs: jobs.operations,
};

export const operations: AnyOperation[] = Object.values(areas).flatMap((ops) => Object.values(ops));

export * from './common.js';
