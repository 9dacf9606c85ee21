// Study creation (issue 16): one transaction that builds the whole study the wizard describes —
// the study row (with the form values as submitted), its cells through the board's createCell,
// its steps through the board's createStep (cache pages, external pages, stims), stims through the
// stims service's rules, brands matched by name or created, the panel through study management —
// so the board, the overview and the runner see an ordinary study. Anything that fails rolls all
// of it back. The route validates the form rules (§5) first and hands over a plan; the cache-page
// fetches are queued by the route once the transaction has committed.
import type { Db } from '../db/client.js';
import { InvalidInput } from '../domain/errors.js';
import * as board from './board.js';
import { stimValues } from './stims.js';
import { createPanel } from './study-management.js';
import { insertCachePage, insertStep } from '../repositories/board.js';
import * as brands from '../repositories/brands.js';
import * as stims from '../repositories/stims.js';
import { insertEvent, lookupBy, type LookupRef } from '../repositories/study-management.js';
import * as repo from '../repositories/study-create.js';
import type { Storage } from '../storage/index.js';

/** A choice list value as the route read it. */
export interface Ref { id?: number; code?: string; name?: string }

export type PlanKind = 'generic' | 'web_page' | 'rich_media' | 'video' | 'vast' | 'social' | 'quick' | 'embedded';

export interface StudyPlan {
  kind: PlanKind;
  name: string;
  studyType: Ref;
  media: Ref;
  environment: Ref;
  language: Ref;
  location: Ref;
  cells: number;
  /** Already multiplied by the cells when respondents are counted per cell. */
  participantsRequested: number;
  advanced: {
    notes: string | null; objective: string | null; brief: string | null; methodology: string | null;
    studyDuration: string | null; decisionToInform: string | null; incentive: string | null;
    proposalSignoffDate: Date | null; proposedDataCollectionStart: Date | null; proposedDataCollectionEnd: Date | null; debriefDate: Date | null;
  };
  screening: { surveyUrl: string; insertParameter: string } | { group: Ref } | null;
  postSurvey: { url: string; insertParameter: string } | null;
  panel: { type: 0 | 1; code: string; success: string; screen: string; quotaFull: string; insertParameter: string } | null;
  pages: { url: string; stims: { url: string; brand: Ref; adType: Ref }[] }[];
  richMedia: { primary: string; distraction: string; script: string; brand: Ref; externalStepName: string } | null;
  video: { url: string; brand: Ref; site: Ref } | null;
  /** The social ad test (D3-072…D3-102): the in-context site per platform and ad type, its own fields. */
  social: {
    platform: string; platformName: string; siteCode: string; adType: string; newSystem: boolean; promoted: boolean | null; hasSound: boolean | null;
    url: string; brand: Ref | null; details: Record<string, string | number>;
  } | null;
  embedded: string[];
  quickSteps: { url: string; insertParameter: string }[];
  /** The quick study's panel assignment ('Lumen Panel Data', D3-104). */
  quickTask: { panelistRole: Ref; panel: Ref; shortDescription: string; reward: number; startDate: Date | null; expiryDate: Date | null } | null;
  formValues: unknown;
  /**
   * The ad URLs of the plan that are videos (contract isVideoAdUrl, applied by the route: the one
   * rule shared with the SDK), each with the stim name to give it; every other ad URL is an image.
   */
  videoAds: Map<string, string>;
}

export interface CreateDeps {
  db: Db;
  storage: Storage;
  companyId: number;
  userId: number;
}

export interface CreatedStudy {
  studyId: number;
  studyTypeId: number;
  cellIds: number[];
  panel: { id: number; insertParameter: string } | null;
  cachePageIds: number[];
  /** The pages respondents see, in order (first cell). */
  pageUrls: string[];
  /**
   * When each cell shows its own page (embedded study), the cell of each entry of `pageUrls`, so
   * the Page Previews list every cell's page under its cell (issue 38), not only cell 1's.
   */
  pageCells?: string[];
}

const BRAND_CATEGORY_FOR_NEW = 'Other';
/** Media lookup ids (display, video) for stims made from a URL. */
const MEDIA_OF_TYPE: Record<string, number> = { i: 1, v: 3 };
/** Media lookup 'Social' for the social ad test's stim. */
const MEDIA_SOCIAL = 2;
/** The seeded ad formats (reference data) of a platform's ad type. */
const SOCIAL_AD_FORMATS: Record<string, string> = {
  'fb:standard': 'Facebook feed', 'fb:story': 'Facebook story', 'in:standard': 'Instagram feed', 'in:story': 'Instagram story',
  'tt:standard': 'TikTok feed', 'sc:standard': 'Snapchat story',
};

/** A lookup item by the form's reference: its id, else its code, else its name. */
export async function lookup(db: Db, kind: string, ref: Ref): Promise<LookupRef | null> {
  if (ref.id !== undefined) {
    const byId = await lookupBy(db, kind, { id: ref.id });
    if (byId) return byId;
  }
  if (ref.code !== undefined) {
    const byCode = await lookupBy(db, kind, { code: ref.code });
    if (byCode) return byCode;
  }
  if (ref.name !== undefined) return lookupBy(db, kind, { name: ref.name });
  return null;
}

/** The brand named, matched case-insensitively (brands are shared reference data), else created. */
async function brandId(db: Db, ref: Ref, field: string): Promise<number> {
  if (ref.id !== undefined && (await stims.brandExists(db, ref.id))) return ref.id;
  const name = (ref.name ?? ref.code ?? '').trim().replace(/\s+/g, ' ');
  if (!name) throw new InvalidInput({ [field]: 'unknown brand' });
  const clean = brands.cleanName(name);
  const found = await brands.findBrandByCleanName(db, clean);
  if (found) return found.id;
  const categoryClean = brands.cleanName(BRAND_CATEGORY_FOR_NEW);
  const category = (await brands.findCategoryByCleanName(db, categoryClean)) ?? (await brands.insertCategory(db, BRAND_CATEGORY_FOR_NEW, categoryClean))
    ?? (await brands.findCategoryByCleanName(db, categoryClean));
  const made = (await brands.insertBrand(db, name, clean, category!.id)) ?? (await brands.findBrandByCleanName(db, clean));
  return made!.id;
}

/** A readable stim name from its address: the file name, else the host. */
function nameFromUrl(url: string): string {
  try {
    const u = new URL(url);
    const last = decodeURIComponent(u.pathname.split('/').filter(Boolean).pop() ?? '');
    return (last || u.hostname).slice(0, 200);
  } catch {
    return url.slice(0, 200);
  }
}

async function urlStim(db: Db, companyId: number, studyId: number, videoAds: Map<string, string>,
  s: { url: string; brand: Ref | null; adType?: Ref; name?: string; mediaId?: number }, field: string): Promise<number> {
  const bId = s.brand ? await brandId(db, s.brand, `${field}.brand_id`) : null;
  let ad: Awaited<ReturnType<typeof repo.findAdType>> = null;
  if (s.adType && (s.adType.id !== undefined || s.adType.name)) {
    ad = await repo.findAdType(db, s.adType.id !== undefined ? { id: s.adType.id } : { name: s.adType.name });
    if (!ad && s.adType.name && s.adType.id !== undefined) ad = await repo.findAdType(db, { name: s.adType.name });
    if (!ad) throw new InvalidInput({ [`${field}.ad_type_id`]: 'unknown ad format' });
  }
  const videoName = videoAds.get(s.url);
  const stimType = videoName !== undefined ? 'v' : 'i';
  return stims.insertStim(db, companyId, {
    name: s.name ?? videoName ?? nameFromUrl(s.url), stimType, source: s.url, brandId: bId, mediaId: s.mediaId ?? MEDIA_OF_TYPE[stimType], studyId,
    adTypeId: ad?.id ?? null, adTypeGroupId: ad?.groupId ?? null, adAssetTypeId: ad?.assetTypeId ?? null,
  });
}

/** A stim of tag content (script, VAST) through the stims service's rules. */
async function tagStim(d: CreateDeps, db: Db, studyId: number, v: { name: string; type: 's' | 'va'; tag: string; brandId: number }, field: string): Promise<number> {
  try {
    const values = await stimValues({ db, storage: d.storage, companyId: d.companyId, studyVisible: async () => true },
      { name: v.name, stim_type: v.type, tag: v.tag, brand_id: v.brandId }, null);
    return await stims.insertStim(db, d.companyId, { ...values, studyId, name: values.name!, stimType: values.stimType! });
  } catch (err) {
    if (err instanceof InvalidInput) throw new InvalidInput({ [field]: Object.values(err.errors)[0] ?? 'Validation failed' });
    throw err;
  }
}

export async function createStudy(d: CreateDeps, plan: StudyPlan): Promise<CreatedStudy> {
  return d.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const errors: Record<string, string> = {};
    const [type, media, environment, language, location] = await Promise.all([
      lookup(tx, 'study_type', plan.studyType), lookup(tx, 'media', plan.media), lookup(tx, 'environment', plan.environment),
      lookup(tx, 'study_language', plan.language), lookup(tx, 'project_location', plan.location),
    ]);
    if (!type) errors.study_type_id = 'unknown study type';
    if (!media && (plan.media.id !== undefined || plan.media.code || plan.media.name)) errors.media_id = 'unknown media';
    if (!environment) errors.environment_id = 'Environment required';
    if (!language) errors.language = 'unknown language';
    if (!location) errors.project_location = 'unknown location';
    let preassign: { id: number; name: string } | null = null;
    if (plan.screening && 'group' in plan.screening) {
      preassign = await repo.findPreassignGroup(tx, d.companyId, plan.screening.group);
      if (!preassign) errors.pre_assign_question_group = 'unknown question group';
    }
    if (Object.keys(errors).length) throw new InvalidInput(errors);

    const survey = plan.screening && 'surveyUrl' in plan.screening ? plan.screening : null;
    const studyId = await repo.insertStudy(tx, {
      companyId: d.companyId,
      name: plan.name,
      studyTypeId: type!.id,
      mediaId: media?.id ?? null,
      environmentId: environment!.id,
      languageId: language!.id,
      locationId: location!.id,
      participantsRequested: plan.participantsRequested,
      ...plan.advanced,
      preAssignQuestionGroupId: preassign?.id ?? null,
      demographicSurveyUrl: survey?.surveyUrl ?? null,
      demographicSurveyInsertParameter: survey?.insertParameter ?? null,
      formValues: plan.formValues,
    });
    await insertEvent(tx, { studyId, kind: 'created', userId: d.userId, detail: { name: plan.name, kind: plan.kind } });

    const cellIds: number[] = [];
    for (let i = 1; i <= plan.cells; i++) cellIds.push(await board.createCell(tx, studyId, `Cell ${i}`, `C${i}`));

    // The product question set (screening) is asked: the first step of every cell is a question
    // step of that group, so the board shows it, the runner plays it like any question step and
    // its answers reach the question report (docs/decisions.md). Inserted directly: the board's
    // own question steps offer study question groups, never screening ones.
    if (preassign) {
      for (const cellId of cellIds) {
        await insertStep(tx, { studyId, cellId, position: 0, stepType: 'question', name: `Screening: ${preassign.name}`.slice(0, 255), questionGroupId: preassign.id });
      }
    }

    const cachePageIds: number[] = [];
    const pageUrls: string[] = [];
    const step = (cellId: number, b: Omit<board.CreateStepInput, 'cell_id'>) => board.createStep(tx, d.companyId, studyId, { cell_id: cellId, ...b });

    if (plan.kind === 'web_page') {
      // Each page is ordered once; every cell shows every page with its stims.
      const pages: { pageId: number; stimIds: number[] }[] = [];
      for (const [i, p] of plan.pages.entries()) {
        const pageId = await insertCachePage(tx, d.companyId, nameFromUrl(p.url), p.url);
        cachePageIds.push(pageId);
        pageUrls.push(p.url);
        const stimIds: number[] = [];
        for (const [j, s] of p.stims.entries()) stimIds.push(await urlStim(tx, d.companyId, studyId, plan.videoAds, s, `cachepage_stim_list.${i}.stim_list.${j}`));
        pages.push({ pageId, stimIds });
      }
      for (const cellId of cellIds) {
        for (const p of pages) {
          const { stepId } = await step(cellId, { step_type: 'cache', cache_page_id: p.pageId });
          for (const stimId of p.stimIds) await repo.placeStim(tx, stepId, stimId);
        }
      }
    }

    if (plan.kind === 'rich_media' && plan.richMedia) {
      const rm = plan.richMedia;
      const bId = await brandId(tx, rm.brand, 'brand_id');
      const stimId = await tagStim(d, tx, studyId, { name: `${plan.name} - ad script`.slice(0, 200), type: 's', tag: rm.script, brandId: bId }, 'stim_script');
      // The test page is an external step (the runner injects the ad script there); the
      // distraction page a cache page ordered like the board's.
      const distractionId = await insertCachePage(tx, d.companyId, nameFromUrl(rm.distraction), rm.distraction);
      cachePageIds.push(distractionId);
      pageUrls.push(rm.primary, rm.distraction);
      let externalPageId: number | null = null;
      for (const cellId of cellIds) {
        if (externalPageId === null) {
          const made = await step(cellId, { step_type: 'external', external_url: rm.primary, name: rm.externalStepName, member_insert: null });
          externalPageId = made.pageId ?? null;
          await repo.placeStim(tx, made.stepId, stimId);
        } else {
          const made = await step(cellId, { step_type: 'external', external_page_id: externalPageId });
          await repo.placeStim(tx, made.stepId, stimId);
        }
        await step(cellId, { step_type: 'cache', cache_page_id: distractionId });
      }
    }

    if ((plan.kind === 'video' || plan.kind === 'vast') && plan.video) {
      const v = plan.video;
      const stimId = plan.kind === 'vast'
        ? await tagStim(d, tx, studyId, { name: `${plan.name} - VAST ad`.slice(0, 200), type: 'va', tag: v.url, brandId: await brandId(tx, v.brand, 'brand_id') }, 'stim_url')
        : await urlStim(tx, d.companyId, studyId, plan.videoAds, { url: v.url, brand: v.brand }, 'stim_url');
      for (const cellId of cellIds) await step(cellId, { step_type: 'stim', stim_id: stimId });
    }

    if (plan.kind === 'social' && plan.social) {
      const so = plan.social;
      const site = await lookup(tx, 'incontext_site', { code: so.siteCode });
      if (!site) throw new InvalidInput({ incontext_site: 'unknown in-context site' });
      // The ad's media as a study stim in the seeded social ad format when there is one (a missing
      // format is reference data, not the user's error).
      const format = SOCIAL_AD_FORMATS[`${so.platform}:${so.adType}`];
      const known = format ? await repo.findAdType(tx, { name: format }) : null;
      const stimId = await urlStim(tx, d.companyId, studyId, plan.videoAds, {
        url: so.url, brand: so.brand, adType: known ? { id: known.id } : undefined, mediaId: MEDIA_SOCIAL,
        name: `${so.platformName} ${so.adType === 'standard' ? 'feed' : so.adType} - ${nameFromUrl(so.url)}`.slice(0, 200),
      }, 'stim_url');
      await repo.insertSocialAd(tx, {
        studyId, stimId, incontextSiteId: site.id, siteCode: so.siteCode, platform: so.platform, adType: so.adType,
        isNewSocialSystem: so.newSystem, promoted: so.promoted, hasSound: so.hasSound, details: so.details,
      });
      for (const cellId of cellIds) await step(cellId, { step_type: 'stim', stim_id: stimId });
    }

    const pageCells: string[] = [];
    if (plan.kind === 'embedded') {
      for (const [i, cellId] of cellIds.entries()) {
        const url = plan.embedded[i];
        await step(cellId, { step_type: 'embedded', external_url: url, name: `${plan.name} - ${url}`.slice(0, 255), member_insert: null });
        pageUrls.push(url);
        pageCells.push(`Cell ${i + 1}`);
      }
    }

    if (plan.kind === 'quick') {
      if (plan.quickTask) {
        const t = plan.quickTask;
        const [role, panelRow] = await Promise.all([lookup(tx, 'panelist_role', t.panelistRole), lookup(tx, 'recruitment_panel', t.panel)]);
        const bad: Record<string, string> = {};
        if (!role) bad['quick_task_data.panelist_role_id'] = 'unknown panelist role';
        if (!panelRow) bad['quick_task_data.panel_id'] = 'unknown panel';
        if (Object.keys(bad).length) throw new InvalidInput(bad);
        await repo.insertQuickTask(tx, {
          studyId, panelistRoleId: role!.id, panelId: panelRow!.id, shortDescription: t.shortDescription,
          reward: t.reward, startDate: t.startDate, expiryDate: t.expiryDate,
        });
      }
      for (const cellId of cellIds) {
        for (const q of plan.quickSteps) {
          await step(cellId, { step_type: 'external', external_url: q.url, name: `${plan.name} - ${q.url}`.slice(0, 255), member_insert: q.insertParameter || null });
        }
      }
      pageUrls.push(...plan.quickSteps.map((q) => q.url));
    }

    if (plan.postSurvey) {
      let pageId: number | null = null;
      for (const cellId of cellIds) {
        const made: { stepId: number; pageId?: number } = pageId === null
          ? await step(cellId, { step_type: 'external', external_url: plan.postSurvey.url, name: 'Post-exposure survey', member_insert: plan.postSurvey.insertParameter })
          : await step(cellId, { step_type: 'external', external_page_id: pageId });
        pageId ??= made.pageId ?? null;
      }
    }

    let panel: CreatedStudy['panel'] = null;
    if (plan.panel) {
      const p = plan.panel;
      const row = await createPanel(tx, studyId, d.userId, {
        name: p.type === 1 ? 'Basic redirect' : p.code, code: p.code, successRedirectUrl: p.success,
        screenoutRedirectUrl: p.screen, quotaFullRedirectUrl: p.quotaFull, participantInsertParameter: p.insertParameter,
      });
      if (p.type !== 0) await repo.setPanelType(tx, row.id, p.type);
      panel = { id: row.id, insertParameter: p.insertParameter };
    }
    return { studyId, studyTypeId: type!.id, cellIds, panel, cachePageIds, pageUrls, ...(pageCells.length ? { pageCells } : {}) };
  });
}
