// POST /v1.0/studies/create (issue 16; spec document 3 §4, §5, §7). The route applies the form's
// rules (rules.ts, the messages word for word), turns the values into a plan, lets the service
// build the study in one transaction, then queues the cache-page fetches and answers the study's
// signed take-study links. Schemas: contract/study-create.ts.
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/study-create.js';
import { badRequest, forbidden } from '../../errors.js';
import { route } from '../common.js';
import { createStudy, lookup, type Ref, type StudyPlan } from '../../services/study-create.js';
import { takeLinkSecret } from '../../services/study-links.js';
import { setCachePageJob } from '../../repositories/board.js';
import { cachePageJob } from '../../jobs/cache-page.js';
import { takeLinkPath } from '../../domain/take-link.js';
import { requestOrigin } from '../../storage/index.js';
import { choice, kindOf, pagesOf, parseFormDate, refGiven, refParts, socialChoiceOf, specialisedType, text, validateCreate } from './rules.js';

type Body = contract.CreateStudyBody;

const ref = (v: contract.RefValue | undefined, fallback: Ref = {}): Ref => (v === undefined ? fallback : refParts(v));

/** Strings only, no NUL (jsonb refuses it): what is kept of the form values. */
function storable(v: unknown, depth = 0): unknown {
  if (depth > 6) return null;
  if (typeof v === 'string') return v.split('\u0000').join('');
  if (Array.isArray(v)) return v.map((x) => storable(x, depth + 1));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.split('\u0000').join(''), storable(x, depth + 1)]));
  return v;
}

/** The social ad (D3-072…D3-102): platform, site, ad type and the chosen platform's own fields only. */
function socialPlanOf(b: Body): NonNullable<StudyPlan['social']> {
  const { platform, siteCode, adType, newSystem } = socialChoiceOf(b);
  const p = platform!;
  const url = text(b.stim_url);
  const details: Record<string, string | number> = {};
  for (const f of contract.SOCIAL_PLATFORM_FIELDS[p]) {
    if (f === 'sc_promo_rating') {
      const r = b.sc_promo_rating;
      details[f] = r === undefined || r === null || r === '' ? 0 : Number(r);
      continue;
    }
    const v = text(b[f]);
    const isCta = f === 'fb_promoted_button_text' || f === 'in_promoted_button_text' || f === 'in_call_to_action';
    details[f] = v || (isCta ? contract.CALL_TO_ACTION_DEFAULT : '');
  }
  const promotable = contract.PROMOTED_PLATFORMS.includes(p);
  return {
    platform: p,
    platformName: contract.SOCIAL_PLATFORM_NAMES[p],
    siteCode: siteCode!,
    adType: adType!,
    newSystem,
    // Promoted options exist for Facebook and Instagram only (D3-079), the sound toggle for mp4 ads only (D3-080).
    promoted: promotable ? b.promoted !== false : null,
    hasSound: contract.endsInMp4(url) ? b.has_sound === true : null,
    url,
    brand: refGiven(b.brand_id) ? ref(b.brand_id) : null,
    details,
  };
}

/** 'Lumen Panel Data' (D3-104, D3-105): role and panel default to 1 when left out. */
function quickTaskPlan(b: Body): NonNullable<StudyPlan['quickTask']> {
  const t = b.quick_task_data ?? {};
  return {
    panelistRole: refGiven(t.panelist_role_id) ? ref(t.panelist_role_id) : { id: contract.QUICK_DEFAULTS.panelistRoleId },
    panel: refGiven(t.panel_id) ? ref(t.panel_id) : { id: contract.QUICK_DEFAULTS.panelId },
    shortDescription: text(t.short_description),
    reward: Number(t.reward),
    startDate: parseFormDate(t.start_date) ?? null,
    expiryDate: parseFormDate(t.expiry_date) ?? null,
  };
}

/** The ad URLs that are videos (the contract's shared rule), with their stim names. */
function videoAdsOf(kind: contract.StudyKind, b: Body): Map<string, string> {
  const urls = kind === 'web_page' ? pagesOf(b).flatMap((p) => p.stims.map((s) => text(s.stim_url)))
    : kind === 'video' || kind === 'social' ? [text(b.stim_url)] : [];
  return new Map(urls.filter((u) => contract.isVideoAdUrl(u)).map((u) => [u, contract.videoAdName(u)]));
}

/** The plan the service builds from (the rules have passed). */
export function planOf(b: Body, kind: contract.StudyKind): StudyPlan {
  const cells = kind === 'quick' ? 1 : b.number_of_cells === undefined ? 1 : Number(b.number_of_cells);
  const size = b.panel_size === undefined || b.panel_size === null || b.panel_size === '' ? 100 : Number(b.panel_size);
  const perCell = (() => {
    const r = refParts(b.respondents);
    return b.respondents === undefined || r.id === 1 || r.code === '1' || /^cell$/i.test(r.name ?? '');
  })();
  const advancedText = (v: string | null | undefined) => text(v) || null;
  const date = (f: (typeof contract.ADVANCED_DATES)[number]) => parseFormDate(b[f]) ?? null;
  const screeningChoice = choice(b.demographic_survey_or_lumen_questions);
  const panelChoice = choice(b.include_panel_details);
  const typeCode = contract.KIND_TYPE_CODE[kind];
  return {
    kind,
    name: text(b.name),
    // The generic wizard lets the user choose its type; the others are fixed.
    studyType: kind === 'generic' && refGiven(b.study_type_id) ? ref(b.study_type_id) : { code: typeCode },
    media: refGiven(b.media_id) ? ref(b.media_id) : kind === 'generic' ? { code: '4' } : {},
    environment: ref(b.environment_id, { code: '1' }),
    language: ref(b.language !== undefined ? b.language : b.language_id, { code: 'en' }),
    location: ref(b.project_location !== undefined ? b.project_location : b.project_location_id, { code: 'gb' }),
    cells,
    participantsRequested: perCell ? size * cells : size,
    advanced: {
      notes: advancedText(b.notes), objective: advancedText(b.objective), brief: advancedText(b.brief),
      methodology: advancedText(b.methodology), studyDuration: advancedText(b.study_duration),
      decisionToInform: advancedText(b.decision_to_inform), incentive: advancedText(b.incentive),
      proposalSignoffDate: date('proposal_signoff_date'), proposedDataCollectionStart: date('proposed_data_collection_start'),
      proposedDataCollectionEnd: date('proposed_data_collection_end'), debriefDate: date('debrief_date'),
    },
    screening: screeningChoice === '1'
      ? { surveyUrl: text(b.demographic_survey_url), insertParameter: text(b.demographic_survey_insert_parameter) }
      : screeningChoice === '2' ? { group: ref(b.pre_assign_question_group) } : null,
    postSurvey: choice(b.include_external_survey) === '1'
      ? { url: text(b.external_survey_step_url), insertParameter: text(b.external_survey_step_insert_parameter) } : null,
    panel: panelChoice === '1'
      ? { type: 0, code: text(b.panel_code), success: text(b.panel_success), screen: text(b.panel_screen), quotaFull: text(b.panel_quotafull), insertParameter: text(b.panel_insert_param) }
      : panelChoice === '2'
        ? { type: 1, code: contract.BASIC_REDIRECT_CODE, success: text(b.panel_success), screen: text(b.panel_success), quotaFull: text(b.panel_success), insertParameter: '' }
        : null,
    pages: kind === 'web_page'
      ? pagesOf(b).map((p) => ({ url: p.url, stims: p.stims.map((s) => ({ url: text(s.stim_url), brand: ref(s.brand_id), adType: ref(s.ad_type_id) })) }))
      : [],
    richMedia: kind === 'rich_media'
      ? {
        primary: text(b.incontext_primary_site), distraction: text(b.incontext_distraction_site), script: text(b.stim_script),
        brand: ref(b.brand_id), externalStepName: `${text(b.name)} - ${text(b.incontext_primary_site)}`.slice(0, 255),
      }
      : null,
    video: kind === 'video' || kind === 'vast' ? { url: text(b.stim_url), brand: ref(b.brand_id), site: { code: 'yt' } } : null,
    social: kind === 'social' ? socialPlanOf(b) : null,
    embedded: kind === 'embedded' ? (b.embedded_page_list ?? []).slice(0, cells).map((p) => text(p.url)) : [],
    quickSteps: kind === 'quick' ? (b.quick_step_list ?? []).map((q) => ({ url: text(q.url), insertParameter: text(q.insert_parameter) })) : [],
    quickTask: kind === 'quick' ? quickTaskPlan(b) : null,
    videoAds: videoAdsOf(kind, b),
    formValues: storable({ ...b, study_kind: kind, panel_seconds_before_move_next: b.panel_seconds_before_move_next ?? contract.PANEL_SECONDS_DEFAULT }),
  };
}

export default async function studyCreateRoutes(app: FastifyInstance) {
  route(app, contract.createStudy, async (request) => {
    const body = request.body;
    const kind = kindOf(body);
    // The quick study ('Focus Project Setup') and Digital Rich Media are offered to super users only (D3-006, D3-007, §6).
    if (contract.SUPER_USER_KINDS.includes(kind) && !request.auth.superUser) throw forbidden(contract.SUPER_USER_ONLY_MESSAGE);
    const errors = validateCreate(body, kind);
    for (const f of contract.ADVANCED_DATES) if (parseFormDate(body[f]) === undefined) errors[f] = `Use ${contract.CREATE_DATE_FORMAT}`;
    if (Object.keys(errors).length) {
      const [field, message] = Object.entries(errors)[0];
      throw badRequest(`${field}: ${message}`, errors);
    }
    const { companyId, userId } = request.auth;
    const plan = planOf(body, kind);
    // The custom study may choose its type, but not one another wizard sets up (its pages, ad or URLs
    // would be missing: an empty study of that type), however the type is named.
    if (kind === 'generic') {
      const type = await lookup(app.db, 'study_type', plan.studyType);
      if (type && specialisedType({ code: type.code })) {
        throw badRequest(`study_type_id: ${contract.CREATE_MESSAGES.ownWizard}`, { study_type_id: contract.CREATE_MESSAGES.ownWizard });
      }
    }
    const made = await createStudy({ db: app.db, storage: app.storage, companyId, userId }, plan);

    for (const cachePageId of made.cachePageIds) {
      try {
        const job = await app.jobs.enqueue(cachePageJob, { cachePageId }, { companyId });
        await setCachePageJob(app.db, cachePageId, job.id);
      } catch (err) {
        // The study is committed; the page stays 'ordered' and the board shows it pending.
        request.log.error({ err, cachePageId }, 'could not queue a cache-page fetch');
      }
    }
    const secret = await takeLinkSecret(app.db, app.config.urlSecret);
    const origin = requestOrigin(request);
    const link = (test: boolean) => origin + takeLinkPath(secret, { studyId: made.studyId, cellId: null, panelId: made.panel?.id ?? null, test }, made.panel?.insertParameter);
    return {
      success: true as const,
      study_id: made.studyId,
      study_type_id: made.studyTypeId,
      start_url: link(false),
      start_url_test: link(true),
      incontext_urls: made.pageUrls.map((step_url, i) => (made.pageCells ? { step_url, cell_name: made.pageCells[i] } : { step_url })),
      cache_page_ids: made.cachePageIds,
    };
  });
}
