// One study as a place to work in (spec document 2 §7.2): details and edit, overview, panels,
// links, files, complete, subscriptions, run-throughs, phase and timeline. Schemas:
// contract/study.ts. Every call resolves the study within the acting company first (404 otherwise).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contract/study.js';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { companyStudy, route, toId } from '../common.js';
import * as repo from '../../repositories/study-management.js';
import * as svc from '../../services/study-management.js';
import { studyLinks } from '../../services/study-links.js';
import { runThroughJob } from '../../jobs/run-through.js';
import { publicUrl, requestOrigin } from '../../storage/index.js';
import { ownOrigin } from '../../config.js';
import { mailNotificationJob } from '../../jobs/mail.js';
import { TAKE_LINK_RESERVED } from '../../domain/take-link.js';
import { PHASE_NAMES } from '../../domain/study-phase.js';
import { CONSENT_TEXT_MAX } from '../../../contract/take.js';
import { consentTextOf, normaliseConsentText } from '../../services/consent.js';
import { consentVersions, refusalsOf } from '../../repositories/consent.js';

type StudyRow = repo.StudyRow;

const dateOnly = (d: Date | null): string | null => (d ? new Date(d).toISOString().slice(0, 10) : null);
const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);
const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

function isHttpUrl(s: string): boolean {
  if (!HTTP_URL.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}

/** YYYY-MM-DD (UTC midnight) or an ISO timestamp; null/'' clears; undefined for garbage. */
function parseDate(v: string | null): Date | null | undefined {
  if (v === null || v.trim() === '') return null;
  const s = v.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : /^\d{4}-\d{2}-\d{2}T/.test(s) ? new Date(s) : null;
  if (!d || Number.isNaN(d.getTime())) return undefined;
  if (m && d.getUTCDate() !== Number(m[3])) return undefined; // 2026-02-31
  if (d.getUTCFullYear() < 1900 || d.getUTCFullYear() > 2200) return undefined;
  return d;
}

const panelView = (p: repo.PanelRow): contract.Panel => ({
  id: p.id, name: p.name, code: p.code, success_redirect_url: p.successRedirectUrl, screenout_redirect_url: p.screenoutRedirectUrl,
  quota_full_redirect_url: p.quotaFullRedirectUrl, participant_insert_parameter: p.participantInsertParameter,
});

const runThroughView = (r: repo.RunThroughRow): contract.RunThrough => ({
  id: r.id, status: r.status, result: r.result, is_test: r.isTest, requested_by: r.requestedBy, created_at: new Date(r.createdAt).toISOString(),
  ...(Array.isArray(r.results) ? { cells: r.results as contract.RunThrough['cells'] } : {}),
});

/** The six panel fields, trimmed; 400 with the form's messages for each blank one, and for a redirect that is not an http(s) URL. */
function panelFields(body: contract.PanelBody): repo.PanelFields {
  const errors: Record<string, string> = {};
  for (const f of contract.PANEL_FIELDS) if (!body[f]?.trim()) errors[f] = contract.PANEL_MESSAGES[f];
  for (const f of contract.PANEL_REDIRECT_FIELDS) if (!errors[f] && !contract.isRedirectUrl(body[f])) errors[f] = contract.PANEL_URL_MESSAGE;
  const param = body.participant_insert_parameter?.trim() ?? '';
  if (param && (TAKE_LINK_RESERVED as readonly string[]).includes(param.toLowerCase())) {
    errors.participant_insert_parameter = `must not be ${TAKE_LINK_RESERVED.join(', ')} (the take link uses them)`;
  }
  if (Object.keys(errors).length) throw badRequest('Validation failed', errors);
  return {
    name: body.name.trim(), code: body.code.trim(), successRedirectUrl: body.success_redirect_url.trim(),
    screenoutRedirectUrl: body.screenout_redirect_url.trim(), quotaFullRedirectUrl: body.quota_full_redirect_url.trim(),
    participantInsertParameter: param,
  };
}

export default async function studyManagementRoutes(app: FastifyInstance) {
  const db = app.db;
  const mail = (): svc.MailSettings => ({ smtp: Boolean(app.config.smtpUrl), publicUrl: app.config.publicUrl });

  /** Queues the mail job for notifications written by a committed change (SMTP only). */
  async function sendMail(ids: number[], companyId: number, request: FastifyRequest) {
    for (const outboxId of ids) {
      try {
        await app.jobs.enqueue(mailNotificationJob, { outboxId }, { companyId });
      } catch (err) {
        // The row stays 'pending' in the outbox: the change itself is committed and must not fail.
        request.log.error({ err, outboxId }, 'could not queue a notification e-mail');
      }
    }
  }

  async function owned(request: FastifyRequest, id: string): Promise<StudyRow> {
    // STUDY_ROLES: batch users never see study content (route() will enforce roles generically too).
    if (request.auth.userTypeId === 2 && !request.auth.superUser) throw forbidden('Study content is not available to batch users');
    const s = await companyStudy(app, request, toId(id));
    const row = await repo.studyRow(db, s.id);
    if (!row) throw notFound('Study not found');
    return row;
  }

  async function detailsOf(row: StudyRow): Promise<contract.StudyDetails> {
    const [location, language, media, environment, groupName, consent] = await Promise.all([
      row.locationId ? repo.lookupBy(db, 'project_location', { id: row.locationId }) : null,
      row.languageId ? repo.lookupBy(db, 'study_language', { id: row.languageId }) : null,
      row.mediaId ? repo.lookupBy(db, 'media', { id: row.mediaId }) : null,
      row.environmentId ? repo.lookupBy(db, 'environment', { id: row.environmentId }) : null,
      repo.questionGroupName(db, row.preAssignQuestionGroupId),
      consentTextOf(db, row.id),
    ]);
    return {
      success: true,
      id: row.id,
      name: row.name,
      project_location: location?.code ?? null,
      project_location_id: location?.id ?? null,
      language: language?.name ?? null,
      language_id: language?.id ?? null,
      media: media?.name ?? null,
      media_id: media?.id ?? null,
      environment: environment?.name ?? null,
      environment_id: environment?.id ?? null,
      proposal_signoff_date: dateOnly(row.proposalSignoffDate),
      proposed_data_collection_start: dateOnly(row.proposedDataCollectionStart),
      proposed_data_collection_end: dateOnly(row.proposedDataCollectionEnd),
      debrief_date: dateOnly(row.debriefDate),
      methodology: row.methodology ?? '',
      study_duration: row.studyDuration ?? '',
      incentive: row.incentive ?? '',
      objective: row.objective ?? '',
      decision_to_inform: row.decisionToInform ?? '',
      notes: row.notes ?? '',
      brief: row.brief ?? '',
      pre_assign_question_group: row.preAssignQuestionGroupId && groupName
        ? { id: row.preAssignQuestionGroupId, group_name: groupName } : { id: 0, group_name: 'None' },
      demographic_survey_url: row.demographicSurveyUrl ?? '',
      demographic_survey_insert_parameter: row.demographicSurveyInsertParameter ?? '',
      min_connection_speed: row.minConnectionSpeed,
      min_calibration_frame_rate: row.minCalibrationFrameRate,
      max_accuracy: row.maxAccuracy,
      max_precision: row.maxPrecision,
      max_gaze_duration: row.maxGazeDuration,
      max_dwell_ms: row.maxDwellMs,
      min_dwell_ms: row.minDwellMs,
      consent_required: row.consentRequired,
      consent_text: consent.text,
      consent_version: consent.version,
    };
  }

  route(app, contract.details, async (request) => detailsOf(await owned(request, request.params.id)));

  route(app, contract.edit, async (request) => {
    const row = await owned(request, request.params.id);
    const b = request.body;
    const errors: Record<string, string> = {};
    const patch: Parameters<typeof repo.updateStudy>[2] = {};
    const M = contract.DETAILS_MESSAGES;

    if (b.name !== undefined) {
      const name = b.name.trim();
      if (!name) errors.name = M.nameRequired;
      else if (name.length > contract.STUDY_NAME_MAX) errors.name = M.tooLong;
      else patch.name = name;
    }
    // Language by name (the spec), or by id (the legacy form).
    if (b.language !== undefined || b.language_id !== undefined) {
      const byName = b.language !== undefined;
      const v = byName ? (b.language ?? '').trim() : Number(b.language_id ?? 0);
      if (!v) errors[byName ? 'language' : 'language_id'] = M.languageRequired;
      else {
        const found = await repo.lookupBy(db, 'study_language', typeof v === 'string' ? { name: v } : { id: v });
        if (!found) errors[byName ? 'language' : 'language_id'] = 'must be one of the study languages';
        else patch.languageId = found.id;
      }
    }
    if (b.project_location !== undefined || b.project_location_id !== undefined) {
      const byCode = b.project_location !== undefined;
      const v = byCode ? (b.project_location ?? '').trim() : Number(b.project_location_id ?? 0);
      if (!v) errors[byCode ? 'project_location' : 'project_location_id'] = M.locationRequired;
      else {
        const found = await repo.lookupBy(db, 'project_location', typeof v === 'string' ? { code: v } : { id: v });
        if (!found) errors[byCode ? 'project_location' : 'project_location_id'] = 'must be one of the project locations';
        else patch.locationId = found.id;
      }
    }
    const dates = [
      ['proposal_signoff_date', 'proposalSignoffDate'], ['proposed_data_collection_start', 'proposedDataCollectionStart'],
      ['proposed_data_collection_end', 'proposedDataCollectionEnd'], ['debrief_date', 'debriefDate'],
    ] as const;
    for (const [field, column] of dates) {
      if (b[field] === undefined) continue;
      const d = parseDate(b[field] ?? null);
      if (d === undefined) errors[field] = 'must be a date (YYYY-MM-DD)';
      else patch[column] = d;
    }
    const start = 'proposedDataCollectionStart' in patch ? patch.proposedDataCollectionStart : row.proposedDataCollectionStart;
    const end = 'proposedDataCollectionEnd' in patch ? patch.proposedDataCollectionEnd : row.proposedDataCollectionEnd;
    if (start && end && new Date(end).getTime() < new Date(start).getTime() && !errors.proposed_data_collection_end) {
      errors.proposed_data_collection_end = 'must not be before the collection start';
    }
    const texts = [
      ['methodology', 'methodology', 5000], ['study_duration', 'studyDuration', contract.SHORT_TEXT_MAX],
      ['incentive', 'incentive', contract.SHORT_TEXT_MAX], ['objective', 'objective', 5000],
      ['decision_to_inform', 'decisionToInform', 5000], ['notes', 'notes', 5000], ['brief', 'brief', 5000],
      ['demographic_survey_insert_parameter', 'demographicSurveyInsertParameter', 100],
    ] as const;
    for (const [field, column, max] of texts) {
      if (b[field] === undefined) continue;
      const v = (b[field] ?? '').trim();
      if (v.length > max) errors[field] = M.tooLong;
      else patch[column] = v;
    }
    if (b.demographic_survey_url !== undefined) {
      const v = (b.demographic_survey_url ?? '').trim();
      if (v && !isHttpUrl(v)) errors.demographic_survey_url = M.url;
      else patch.demographicSurveyUrl = v;
    }
    if (b.pre_assign_question_group !== undefined) {
      const id = Number(b.pre_assign_question_group ?? 0);
      if (!id) patch.preAssignQuestionGroupId = null;
      else if (!(await repo.preassignGroup(db, row.companyId, id))) errors.pre_assign_question_group = 'must be a screening question group of the company (0 = None)';
      else patch.preAssignQuestionGroupId = id;
    }
    const numbers = [
      ['min_connection_speed', 'minConnectionSpeed'], ['min_calibration_frame_rate', 'minCalibrationFrameRate'],
      ['max_accuracy', 'maxAccuracy'], ['max_precision', 'maxPrecision'], ['max_gaze_duration', 'maxGazeDuration'],
      ['max_dwell_ms', 'maxDwellMs'], ['min_dwell_ms', 'minDwellMs'],
    ] as const;
    for (const [field, column] of numbers) {
      const v = b[field];
      if (v === undefined) continue;
      if (v !== null && !(v >= 0 && v <= contract.QUALITY_LIMITS[field].max)) errors[field] = contract.qualityRangeMessage(field);
      else patch[column] = v;
    }
    const minDwell = ('minDwellMs' in patch ? patch.minDwellMs : row.minDwellMs) ?? null;
    const maxDwell = ('maxDwellMs' in patch ? patch.maxDwellMs : row.maxDwellMs) ?? null;
    if (minDwell !== null && maxDwell !== null && minDwell > maxDwell && !errors.min_dwell_ms && !errors.max_dwell_ms) {
      errors.min_dwell_ms = contract.MIN_DWELL_ABOVE_MAX_MESSAGE;
    }

    if (b.consent_required !== undefined) patch.consentRequired = b.consent_required;
    let consentText: string | undefined;
    if (b.consent_text !== undefined) {
      const v = normaliseConsentText(b.consent_text);
      if (!v) errors.consent_text = M.consentText;
      else if (v.length > CONSENT_TEXT_MAX) errors.consent_text = M.tooLong;
      else consentText = v;
    }

    if (Object.keys(errors).length) throw badRequest('Validation failed', errors);
    await svc.editStudy(db, row.id, request.auth.userId, patch, consentText);
    return detailsOf((await repo.studyRow(db, row.id))!);
  });

  route(app, contract.consentVersions, async (request) => {
    const row = await owned(request, request.params.id);
    const versions = await consentVersions(db, row.id);
    return {
      success: true as const,
      data: versions.map((v) => ({ version: v.version, text: v.text, created_at: v.createdAt.toISOString(), created_by: v.createdBy, respondents: v.respondents })),
    };
  });

  route(app, contract.overview, async (request) => {
    let row = await owned(request, request.params.id);
    const moved = await svc.refreshPhase(db, row.id, mail());
    if (moved.changed) {
      await sendMail(moved.mail, row.companyId, request);
      row = (await repo.studyRow(db, row.id))!;
    }
    const [facts, language, media, environment, panels, files, actions, runs, events, stims, me] = await Promise.all([
      repo.studyFacts(db, row.id),
      row.languageId ? repo.lookupBy(db, 'study_language', { id: row.languageId }) : null,
      row.mediaId ? repo.lookupBy(db, 'media', { id: row.mediaId }) : null,
      row.environmentId ? repo.lookupBy(db, 'environment', { id: row.environmentId }) : null,
      repo.panelsOf(db, row.id),
      repo.fileCount(db, row.id),
      svc.actionsView(db, row.id),
      repo.runThroughsOf(db, row.id),
      svc.timeline(db, row),
      repo.studyStimNames(db, row.id),
      repo.userContact(db, request.auth.userId),
    ]);
    const [subs, checks, refusals] = await Promise.all([repo.subscriptionsOf(db, row.id), svc.launchChecksOf(db, row.id), refusalsOf(db, row.id)]);
    const status = row.completed ? 'completed' : row.live && row.paused ? 'paused' : row.live ? 'live' : 'processing';
    return {
      success: true as const,
      id: row.id,
      study_name: row.name,
      brief: row.brief ?? '',
      methodology: row.methodology ?? '',
      language: language?.name ?? null,
      environment: environment?.name ?? null,
      media: media?.name ?? null,
      // One definition everywhere (docs/api.md "Study phases"): actual dates, the planned ones beside them.
      data_collection_start: iso(row.dataCollectionStart ?? facts.firstLiveSession),
      data_collection_end: iso(row.dataCollectionEnd),
      planned_data_collection_start: iso(row.proposedDataCollectionStart),
      planned_data_collection_end: iso(row.proposedDataCollectionEnd),
      status,
      live: row.live,
      paused: row.paused,
      completed: row.completed,
      launch_checks: checks,
      phase_id: row.phaseId,
      phase_name: PHASE_NAMES[row.phaseId] ?? PHASE_NAMES[1],
      has_files: files > 0,
      has_results: facts.participantsReturned > 0,
      cell_step_stim_overview: {
        cell_count: facts.cellCount, stim_count: facts.stimCount, step_count: facts.stepCount, participants_requested: row.participantsRequested,
      },
      survey_overview: {
        has_survey: facts.questionCount > 0,
        has_demographics: Boolean(row.preAssignQuestionGroupId || row.demographicSurveyUrl),
        num_questions: facts.questionCount,
      },
      audience_overview: {
        participants_requested: row.participantsRequested,
        participants_returned: facts.participantsReturned,
        consent_refusals: refusals.total,
        panels: panels.map((p) => ({ id: p.id, name: p.name, code: p.code })),
      },
      actions,
      subscribed: subs.some((s) => s.userId === request.auth.userId),
      user_email: me?.email ?? null,
      run_throughs: runs.map(runThroughView),
      timeline: events,
      stims,
    };
  });

  route(app, contract.audienceOverview, async (request) => {
    const row = await owned(request, request.params.id);
    const panels = (await repo.panelsOf(db, row.id)).map(panelView);
    // The legacy client posts no body and its edit-audience page reads the body as the panels'
    // array (`res.data[0].name`); its overview stores the answer unread. Every other caller (our
    // SDK, documented use) sends a JSON body, even {}, and gets the object (docs/decisions.md).
    if (request.headers['content-type'] === undefined) return panels;
    return { success: true as const, participants_requested: row.participantsRequested, panels, data: panels[0] ?? null };
  });

  route(app, contract.createPanel, async (request) => {
    const row = await owned(request, request.params.id);
    const panel = await svc.createPanel(db, row.id, request.auth.userId, panelFields(request.body));
    return { success: true as const, panel: panelView(panel) };
  });

  async function ownedPanel(request: FastifyRequest, params: contract.PanelParams) {
    const row = await owned(request, params.id);
    const panel = await repo.findPanel(db, row.id, toId(params.panelId));
    if (!panel) throw notFound('Panel not found');
    return { row, panel };
  }

  route(app, contract.panelDetails, async (request) => {
    const { panel } = await ownedPanel(request, request.params);
    return { success: true as const, panel: panelView(panel) };
  });

  route(app, contract.editPanel, async (request) => {
    const { row, panel } = await ownedPanel(request, request.params);
    const updated = await svc.editPanel(db, row.id, panel.id, request.auth.userId, panelFields(request.body));
    if (!updated) throw notFound('Panel not found');
    return { success: true as const, panel: panelView(updated) };
  });

  route(app, contract.deletePanel, async (request) => {
    const { row, panel } = await ownedPanel(request, request.params);
    if (!(await svc.deletePanel(db, row.id, panel.id, request.auth.userId))) throw notFound('Panel not found');
    return { success: true as const };
  });

  route(app, contract.links, async (request) => {
    const row = await owned(request, request.params.id);
    const links = await studyLinks(db, row.id, requestOrigin(request), app.config.urlSecret);
    return { success: true as const, ...links };
  });

  route(app, contract.files, async (request) => {
    const row = await owned(request, request.params.id);
    const files = await repo.filesOf(db, row.id);
    return {
      success: true as const,
      data: files.map((f) => ({
        id: f.id, name: f.name, description: f.description, type: f.type,
        // Stored files get a signed, expiring URL; external links pass through.
        url: publicUrl(app, f.storageKey ?? f.url ?? null),
      })),
    };
  });

  route(app, contract.complete, async (request) => {
    const row = await owned(request, request.params.id);
    const done = await svc.completeStudy(db, row.id, request.auth.userId, mail());
    if (!done.ok) throw conflict(done.reason);
    await sendMail(done.mail, row.companyId, request);
    return { success: true as const, phase_id: 5 as const, live: false as const, completed: true as const };
  });

  const lifecycleView = async (studyId: number): Promise<contract.LifecycleResponse> => {
    const r = (await repo.studyRow(db, studyId))!;
    return { success: true, phase_id: r.phaseId, live: r.live, paused: r.paused, completed: r.completed };
  };
  const lifecycleError = (r: { status: 403 | 404 | 409; reason: string; errors?: Record<string, string> }) => new HttpError(r.status, r.reason, r.errors);

  route(app, contract.launch, async (request) => {
    const row = await owned(request, request.params.id);
    const done = await svc.launchStudy(db, row.id, { id: request.auth.userId, superUser: request.auth.superUser }, request.body?.override ?? false, mail());
    if (!done.ok) throw lifecycleError(done);
    await sendMail(done.mail, row.companyId, request);
    return lifecycleView(row.id);
  });

  for (const [op, paused] of [[contract.pause, true], [contract.resume, false]] as const) {
    route(app, op, async (request) => {
      const row = await owned(request, request.params.id);
      const done = await svc.setPaused(db, row.id, request.auth.userId, paused, mail());
      if (!done.ok) throw lifecycleError(done);
      await sendMail(done.mail, row.companyId, request);
      return lifecycleView(row.id);
    });
  }

  route(app, contract.assignToAction, async (request) => {
    const row = await owned(request, request.params.id);
    const subscribe = request.body.subscribe ?? true;
    const result = await svc.setSubscription(db, row.id, request.auth.userId, { actionIds: request.body.action_ids, subscribe });
    if (!result.ok) throw badRequest(result.reason, { [result.field]: result.reason });
    return { success: true as const, subscribed: subscribe, email: result.email, actions: await svc.actionsView(db, row.id) };
  });

  route(app, contract.orderRunThrough, async (request) => {
    if (!request.auth.superUser) throw forbidden('Only super users may do this');
    const row = await owned(request, request.params.id);
    const id = await svc.orderRunThrough(db, row.id, request.auth.userId);
    try {
      await app.jobs.enqueue(runThroughJob, { runThroughId: id, origin: ownOrigin(app.config), filesOrigin: app.config.filesOrigin ?? null }, { companyId: row.companyId });
    } catch (err) {
      // The run cannot start: the record says so instead of waiting forever.
      request.log.error({ err, runThroughId: id }, 'could not queue a run-through');
      await repo.setRunThroughStatus(db, id, { status: 'failed', result: 'The run could not be queued' });
    }
    // The order as stored now (queued, or failed when it could not be queued): the job may move it on at once.
    const run = (await repo.runThroughsOf(db, row.id)).find((r) => r.id === id)!;
    return { success: true as const, run_through: runThroughView(run) };
  });

  route(app, contract.runThroughs, async (request) => {
    const row = await owned(request, request.params.id);
    return { success: true as const, data: (await repo.runThroughsOf(db, row.id)).map(runThroughView) };
  });

  route(app, contract.advancePhase, async (request) => {
    if (!request.auth.superUser) throw forbidden('Only super users may do this');
    const row = await owned(request, request.params.id);
    const done = await svc.advancePhase(db, row.id, request.auth.userId, request.body.phase_id, mail());
    if (!done.ok) throw conflict(done.reason);
    await sendMail(done.mail, row.companyId, request);
    return { success: true as const, phase_id: request.body.phase_id };
  });

  route(app, contract.timeline, async (request) => {
    const row = await owned(request, request.params.id);
    return { success: true as const, data: await svc.timeline(db, row) };
  });
}
