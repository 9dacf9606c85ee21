// Deterministic demo data: companies, users, ~64 studies for Acme Research and ~10 for Northwind
// Media with cells, steps of every type, stims (real PNGs in storage, scripts, VAST), AOIs,
// panels, pages, question groups, files, subscriptions, run-throughs, a vendor's batches and
// dashboard report rows. Everything is planned first from a seeded PRNG and fixed calendar dates,
// then files are written to storage and all rows inserted in one transaction, so a half-finished
// seed never leaves a company behind (the next start sees an empty database and seeds again).
// Respondents are not made here: see seed/index.ts and seed/respondents.ts.
import { toCsv } from '../../contract/csv.js';
import type { Db } from '../db/client.js';
import {
  company, appUser, study, cell, step, stepStim, stim, aoi, panel, studyFile, cachePage, externalPage,
  questionGroup, question, answerOption, instruction, actionSubscription, runThrough, vendor, batch, batchStim,
  reportRow, reportPanel,
} from '../db/schema/index.js';
import { hashPassword } from '../auth/password.js';
import type { Storage } from '../storage/index.js';
import { recordFiles, type FileRecord } from '../repositories/files.js';
import { insertAll, insertOne, referenceByName } from '../repositories/seed.js';
import { seedBatchDemo } from './batches.js';
import { putSetting } from '../repositories/settings.js';
import { drawAd, drawLogo, brandPalette, adAois, type DemoAoi } from './images.js';
import { DEMO_PASSWORD } from './accounts.js';
import { seeded, day, slug, type Rng } from '../domain/random.js';
import { PER_CELL_MIN } from '../analytics/simulator.js';

// ---- plan types -------------------------------------------------------------------------------

type CompanyKey = 'acme' | 'northwind' | 'gazeboard' | 'adscope';

interface PlanStim {
  company: CompanyKey;
  name: string;
  stimType: 's' | 'va' | 'vx' | 'i' | 'v';
  brand: string;
  adType: string;
  mediaId: number;
  width: number;
  height: number;
  source: string | null;
  lowQualitySource: string | null;
  fileName: string | null;
  tag: string | null;
  durationMs: number | null;
  study: number | null;
  aois: DemoAoi[];
  createdAt: Date;
  format: FormatKey | 'script' | 'vast';
}

interface Placement { stim: number; x: number; y: number }

interface PlanStep {
  type: 'instruction' | 'validation' | 'calibration' | 'command' | 'stim' | 'cache' | 'embedded' | 'external' | 'question';
  name: string;
  instruction?: string;
  cachePage?: number;
  stim?: number;
  page?: number;
  questionGroup?: string;
  commandId?: number;
  showNext: number;
  moveNext: number;
  nextTypeId: number;
  placements?: Placement[];
}

interface PlanCell { name: string; shortName: string; steps: PlanStep[] }

interface PlanPanel {
  name: string; code: string; success: string; screenout: string; quotaFull: string; param: string; panelType: number;
}

interface PlanFile { name: string; description: string; type: string; key: string | null; url: string | null; body?: string; contentType?: string }

interface PlanStudy {
  company: CompanyKey;
  name: string;
  brand: string;
  studyTypeId: number;
  mediaId: number;
  environmentId: number;
  languageId: number;
  locationId: number;
  phaseId: number;
  live: boolean;
  completed: boolean;
  participantsRequested: number;
  start: Date | null;
  end: Date | null;
  proposedStart: Date;
  proposedEnd: Date;
  signoff: Date;
  debrief: Date;
  preAssign: string | null;
  demographicSurveyUrl: string | null;
  brief: string;
  objective: string;
  methodology: string;
  decision: string;
  notes: string;
  duration: string;
  incentive: string;
  cells: PlanCell[];
  panels: PlanPanel[];
  files: PlanFile[];
  /** Batch-backing studies are not listed as the company's studies by name pattern alone. */
  batch?: number;
}

interface PlanPage { company: CompanyKey; kind: 'external' | 'embedded'; name: string; url: string; memberInsert: string | null }
interface PlanCachePage { company: CompanyKey; name: string; original: string; cached: string | null; status: string; html?: string }

interface PlanBatch {
  vendor: number; internalId: string; label: string; name: string | null; size: number; live: boolean; completed: boolean;
  start: Date | null; end: Date | null; report: Date | null; study: number;
  stims: { stim: number; identifier: string; url: string; externalSource: string; discovered: Date }[];
}

// ---- fixed vocabulary ---------------------------------------------------------------------------

const COMPANIES: Record<CompanyKey, { name: string; internalId: string }> = {
  gazeboard: { name: 'Gazeboard', internalId: 'gazeboard' },
  acme: { name: 'Acme Research', internalId: 'acme-research' },
  northwind: { name: 'Northwind Media', internalId: 'northwind-media' },
  adscope: { name: 'Adscope Partners', internalId: 'adscope-partners' },
};

const USERS = [
  { username: 'researcher', company: 'acme', first: 'Rita', last: 'Patel', location: 'London', job: 'Senior Research Manager', phone: '+44 20 7946 0101', email: 'rita.patel@acme-research.example', type: 1, superUser: false, companyAdmin: true },
  { username: 'vendor', company: 'adscope', first: 'Victor', last: 'Nguyen', location: 'Manchester', job: 'Ad Verification Lead', phone: '+44 161 496 0202', email: 'victor.nguyen@adscope.example', type: 2, superUser: false, companyAdmin: false },
  { username: 'admin', company: 'gazeboard', first: 'Alex', last: 'Morgan', location: 'Bristol', job: 'Platform Operations', phone: null, email: 'alex.morgan@gazeboard.example', type: 1, superUser: true, companyAdmin: false },
  { username: 'northwind', company: 'northwind', first: 'Nadia', last: 'Brooks', location: 'New York', job: 'Insights Director', phone: '+1 212 555 0143', email: 'nadia.brooks@northwind.example', type: 1, superUser: false, companyAdmin: false },
] as const;

type FormatKey = 'mpu' | 'leaderboard' | 'skyscraper' | 'billboard' | 'mobile' | 'story' | 'feed' | 'video';

const FORMATS: Record<FormatKey, { width: number; height: number; label: string; adType: string; mediaId: number; cta: string }> = {
  mpu: { width: 300, height: 250, label: 'MPU 300x250', adType: 'MPU 300x250', mediaId: 1, cta: 'Shop now' },
  leaderboard: { width: 728, height: 90, label: 'Leaderboard 728x90', adType: 'Leaderboard 728x90', mediaId: 1, cta: 'Learn more' },
  skyscraper: { width: 160, height: 600, label: 'Skyscraper 160x600', adType: 'Skyscraper 160x600', mediaId: 1, cta: 'Shop now' },
  billboard: { width: 970, height: 250, label: 'Billboard 970x250', adType: 'Billboard 970x250', mediaId: 1, cta: 'Learn more' },
  mobile: { width: 320, height: 50, label: 'Mobile banner 320x50', adType: 'Mobile banner 320x50', mediaId: 1, cta: 'Shop now' },
  story: { width: 1080, height: 1920, label: 'Story 1080x1920', adType: 'Instagram story', mediaId: 2, cta: 'Swipe up' },
  feed: { width: 1080, height: 1080, label: 'Feed 1080x1080', adType: 'Facebook feed', mediaId: 2, cta: 'Learn more' },
  video: { width: 1280, height: 720, label: 'Pre-roll 16x9', adType: 'Pre-roll', mediaId: 3, cta: 'Watch now' },
};

/** Ad slots of the demo web pages (1280 px wide), page pixels. */
const SLOTS: Partial<Record<FormatKey, { x: number; y: number }[]>> = {
  leaderboard: [{ x: 276, y: 110 }],
  billboard: [{ x: 155, y: 110 }],
  mpu: [{ x: 940, y: 420 }, { x: 940, y: 1020 }],
  skyscraper: [{ x: 1090, y: 420 }],
  mobile: [{ x: 480, y: 1640 }],
};

const CAMPAIGNS = [
  'Summer MPU test', 'Q3 brand lift', 'Back to school push', 'Holiday gifting campaign', 'New range launch',
  'Always-on display refresh', 'Social story pre-test', 'Pre-roll attention benchmark', 'Homepage takeover',
  'Retargeting creative refresh', 'Spring sale', 'Black Friday countdown', 'Loyalty app install drive',
  'Premium range awareness', 'Out-of-home recall check', 'Print vs digital comparison',
];

const ACME_BRANDS = ['Crunchy Oats', 'Fizzwell', 'Morning Brew', 'Green Leaf', 'Veloce Motors', 'Shopwise', 'Urban Threads',
  'Homestead', 'Blue Harbour Bank', 'Skylark Air', 'Pixelcore', 'Nimbus Phones'];
const NORTHWIND_BRANDS = ['Northway Cars', 'Coinpath', 'Wanderstay', 'Nimbus Phones', 'Homestead'];

const PANELS = [
  { name: 'Northstar Panel UK', code: 'nsp', base: 'https://northstar-panel.example', param: 'rid', panelType: 0 },
  { name: 'OpinionHub', code: 'oph', base: 'https://opinionhub.example', param: 'pid', panelType: 0 },
  { name: 'SurveyNest US', code: 'snu', base: 'https://surveynest.example', param: 'uid', panelType: 0 },
  { name: 'Basic redirect', code: 'rd', base: 'https://panel-redirect.example', param: 'id', panelType: 1 },
];

const CACHE_PAGES = [
  ['Daily Courier — home page', 'https://www.dailycourier.example/'],
  ['Recipe blog — summer salads', 'https://www.tastyplates.example/recipes/summer-salads'],
  ['Sports Hub — match report', 'https://www.sportshub.example/football/match-report'],
  ['Tech Review — phone review', 'https://www.techreview.example/phones/nimbus-x-review'],
  ['Travel Guide — city breaks', 'https://www.travelguide.example/europe/city-breaks'],
  ['Motoring News — road test', 'https://www.motoringnews.example/road-tests/estate-cars'],
];

const PAGES: [kind: 'external' | 'embedded', name: string, url: string, member: string | null][] = [
  ['external', 'Post-exposure survey', 'https://survey.formhub.example/s/brand-lift', 'rid'],
  ['external', 'Purchase intent survey (partner)', 'https://partner-surveys.example/intent', 'pid'],
  ['external', 'Advertiser landing page', 'https://www.shopwise.example/offers', null],
  ['embedded', 'Partner recipe hub', 'https://www.tastyplates.example/hub', null],
  ['embedded', 'Streaming home page', 'https://www.streamly.example/home', 'sid'],
  ['embedded', 'Sports live blog', 'https://www.sportshub.example/live', null],
];

const COMPANY_QUESTIONS: Record<'acme' | 'northwind', { name: string; text: string; system: string; questions: { name: string; short: string; type: string; answers: string[] }[] }[]> = {
  acme: [
    {
      name: 'Acme ad recall v2', text: 'Aided and unaided recall after exposure', system: 'lu',
      questions: [
        { name: 'Which of these adverts do you remember seeing?', short: 'aided_recall', type: 'multiple_choice', answers: ['The breakfast cereal ad', 'The car ad', 'The bank ad', 'None of them'] },
        { name: 'How appealing did you find the advert?', short: 'appeal', type: 'single_choice', answers: ['Very appealing', 'Quite appealing', 'Neutral', 'Not appealing'] },
      ],
    },
    {
      name: 'Acme purchase funnel (external)', text: 'Hosted on the partner survey platform', system: 'ex',
      questions: [
        { name: 'Which brand would you consider next time?', short: 'consideration', type: 'single_choice', answers: ['Crunchy Oats', 'Fizzwell', 'Shopwise', 'Another brand'] },
      ],
    },
  ],
  northwind: [
    {
      name: 'Northwind brand health', text: 'Awareness and consideration', system: 'lu',
      questions: [
        { name: 'Have you heard of this brand before today?', short: 'awareness', type: 'single_choice', answers: ['Yes', 'No', 'Not sure'] },
      ],
    },
  ],
};

// ---- the planner -------------------------------------------------------------------------------

class Planner {
  readonly stims: PlanStim[] = [];
  readonly studies: PlanStudy[] = [];
  readonly cachePages: PlanCachePage[] = [];
  readonly pages: PlanPage[] = [];
  readonly batches: PlanBatch[] = [];
  readonly vendors = [
    { company: 'adscope' as const, internalId: 'V-101', name: 'Adscope Display Monitor' },
    { company: 'adscope' as const, internalId: 'V-102', name: 'Adscope Social Monitor' },
  ];
  private readonly names = new Set<string>();
  private readonly stimCounter = new Map<string, number>();

  constructor(private readonly rng: Rng) {
    for (const key of ['acme', 'northwind', 'adscope'] as const) {
      CACHE_PAGES.forEach(([name, original], i) => {
        const pending = key !== 'adscope' && i === CACHE_PAGES.length - 1;
        this.cachePages.push({
          company: key, name, original,
          cached: pending ? null : `c/${COMPANIES[key].internalId}/cache/${slug(name)}.html`,
          status: pending ? 'ordered' : 'cached',
          html: pending ? undefined : cachedHtml(name, original),
        });
      });
      if (key !== 'adscope') {
        for (const [kind, name, url, member] of PAGES) this.pages.push({ company: key, kind, name, url, memberInsert: member });
      }
    }
  }

  private cachePageOf(company: CompanyKey): number {
    const options = this.cachePages.map((p, i) => ({ p, i })).filter(({ p }) => p.company === company && p.status === 'cached');
    return this.rng.pick(options).i;
  }

  private pageOf(company: CompanyKey, kind: 'external' | 'embedded'): number {
    const options = this.pages.map((p, i) => ({ p, i })).filter(({ p }) => p.company === company && p.kind === kind);
    return this.rng.pick(options).i;
  }

  private uniqueName(name: string): string {
    let n = name;
    for (let wave = 2; this.names.has(n); wave++) n = `${name} (wave ${wave})`;
    this.names.add(n);
    return n;
  }

  private stimName(company: CompanyKey, brand: string, label: string): string {
    const k = `${company}|${brand}|${label}`;
    const n = (this.stimCounter.get(k) ?? 0) + 1;
    this.stimCounter.set(k, n);
    return n === 1 ? `${brand} ${label}` : `${brand} ${label} #${n}`;
  }

  addImageStim(company: CompanyKey, brand: string, format: FormatKey, studyIdx: number | null, variant: number, createdAt: Date, adType?: string): number {
    const f = FORMATS[format];
    const key = `c/${COMPANIES[company].internalId}/stims/${slug(brand)}-${f.width}x${f.height}-v${variant}.png`;
    const video = format === 'video';
    this.stims.push({
      company, brand, format, study: studyIdx, createdAt,
      name: this.stimName(company, brand, video ? 'Pre-roll 15s' : f.label),
      stimType: video ? 'v' : 'i', adType: adType ?? f.adType, mediaId: f.mediaId, width: f.width, height: f.height,
      // The video demo stims are poster frames: the seed cannot encode video.
      source: key, lowQualitySource: key, fileName: key.split('/').pop()!, tag: null, durationMs: video ? 15000 : null,
      aois: video ? [] : adAois(f.width, f.height, variant),
    });
    return this.stims.length - 1;
  }

  addScriptStim(company: CompanyKey, brand: string, studyIdx: number | null, createdAt: Date): number {
    const [w, h, adTypeName] = this.rng.chance(0.5) ? [970, 250, 'Expandable'] : [300, 600, 'Interstitial'];
    const p = brandPalette(brand);
    const hex = (c: number[]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    const site = `https://www.${slug(brand).replace(/-/g, '')}.example/`;
    const tag = [
      `<div class="gz-ad" style="width:${w}px;height:${h}px;background:${hex(p.top)};font-family:Arial,sans-serif;position:relative;overflow:hidden">`,
      `  <a href="${site}" target="_blank" rel="noopener" style="position:absolute;inset:0;color:${hex(p.dark)};text-decoration:none">`,
      `    <strong style="position:absolute;left:20px;top:20px;font-size:28px">${brand}</strong>`,
      `    <span class="gz-cta" style="position:absolute;right:20px;bottom:20px;background:${hex(p.primary)};color:#fff;padding:10px 18px">Learn more</span>`,
      '  </a>',
      '</div>',
      '<script>',
      '  (function () {',
      "    var ad = document.currentScript.previousElementSibling;",
      `    ad.addEventListener('mouseenter', function () { ad.style.height = '${Math.round(h * 1.6)}px'; });`,
      `    ad.addEventListener('mouseleave', function () { ad.style.height = '${h}px'; });`,
      '  })();',
      '</script>',
    ].join('\n');
    this.stims.push({
      company, brand, format: 'script', study: studyIdx, createdAt,
      name: this.stimName(company, brand, `Rich media ${adTypeName.toLowerCase()}`),
      stimType: 's', adType: adTypeName, mediaId: 4, width: w, height: h, source: null, lowQualitySource: null,
      fileName: null, tag, durationMs: null, aois: [],
    });
    return this.stims.length - 1;
  }

  addVastStim(company: CompanyKey, brand: string, studyIdx: number | null, createdAt: Date, asXml: boolean): number {
    const id = this.stims.length + 1000;
    const media = `https://cdn.adserver.example/video/${slug(brand)}-${id}.mp4`;
    const tag = asXml
      ? [
        '<VAST version="4.2" xmlns="http://www.iab.com/VAST">',
        `  <Ad id="${id}">`,
        '    <InLine>',
        '      <AdSystem version="1.0">Demo Ad Server</AdSystem>',
        `      <AdTitle>${brand} pre-roll</AdTitle>`,
        `      <Impression id="imp-${id}"><![CDATA[https://track.adserver.example/imp?ad=${id}]]></Impression>`,
        '      <Creatives>',
        `        <Creative id="cr-${id}" sequence="1">`,
        '          <Linear>',
        '            <Duration>00:00:15</Duration>',
        '            <MediaFiles>',
        `              <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[${media}]]></MediaFile>`,
        '            </MediaFiles>',
        `            <VideoClicks><ClickThrough><![CDATA[https://www.${slug(brand).replace(/-/g, '')}.example/]]></ClickThrough></VideoClicks>`,
        '          </Linear>',
        '        </Creative>',
        '      </Creatives>',
        '    </InLine>',
        '  </Ad>',
        '</VAST>',
      ].join('\n')
      : `https://ads.adserver.example/vast/4.2/${slug(brand)}-${id}.xml`;
    this.stims.push({
      company, brand, format: 'vast', study: studyIdx, createdAt,
      name: this.stimName(company, brand, asXml ? 'VAST XML pre-roll' : 'VAST URL pre-roll'),
      stimType: asXml ? 'vx' : 'va', adType: this.rng.chance(0.5) ? 'Pre-roll' : 'Mid-roll', mediaId: 3, width: 640, height: 360,
      source: null, lowQualitySource: null, fileName: null, tag, durationMs: 15000, aois: [],
    });
    return this.stims.length - 1;
  }

  /** Cache or embedded page step holding the study's display stims in the page's ad slots. */
  private pageStep(type: 'cache' | 'embedded', company: CompanyKey, stims: number[]): PlanStep {
    const used = new Map<string, number>();
    const placements: Placement[] = [];
    for (const s of stims) {
      const format = this.stims[s].format as FormatKey;
      const slots = SLOTS[format];
      const n = used.get(format) ?? 0;
      if (!slots || n >= slots.length) continue;
      used.set(format, n + 1);
      placements.push({ stim: s, ...slots[n] });
    }
    if (type === 'cache') {
      const cp = this.cachePageOf(company);
      return { type, name: this.cachePages[cp].name, cachePage: cp, showNext: 5, moveNext: 30, nextTypeId: 1, placements };
    }
    const pg = this.pageOf(company, 'embedded');
    return { type, name: this.pages[pg].name, page: pg, showNext: 5, moveNext: 30, nextTypeId: 2, placements };
  }

  study(company: CompanyKey, index: number, phaseId: number, brands: readonly string[], mediaCycle: number, environmentId: number): void {
    const rng = this.rng;
    const brandName = brands[index % brands.length];
    const campaign = CAMPAIGNS[(index * 5 + Math.floor(index / brands.length)) % CAMPAIGNS.length];
    // Study type by position; media follows the type, and custom studies cycle through every media.
    const studyTypeId = [8, 5, 1, 7, 8, 10, 5, 4, 1, 5][index % 10];
    const mediaByType: Record<number, number[]> = { 8: [1, 4], 7: [4], 5: [2, 3], 4: [4], 10: [4, 1], 1: [1, 2, 3, 4, 5, 6] };
    const mediaOptions = mediaByType[studyTypeId];
    const mediaId = mediaOptions[mediaCycle % mediaOptions.length];
    const locationId = 1 + (index % 6);
    const languageId = [1, 1, 2, 3, 4, 1][locationId - 1];
    const locationName = ['UK', 'US', 'Germany', 'France', 'Spain', 'Australia'][locationId - 1];
    const form = index % 5;
    const raw = form === 0 ? `${brandName} — ${campaign}`
      : form === 1 ? `${brandName} ${campaign} (${locationName} market, ${2024 + (index % 2)})`
        : form === 2 ? `${campaign.toLowerCase()} – ${brandName.toLowerCase()}`
          : form === 3 ? `${brandName}: ${campaign}`
            : `${brandName.toUpperCase()} ${campaign}`;
    const name = this.uniqueName(raw);

    // Fixed calendar dates per phase, so the data never drifts with the clock.
    let start: Date | null = null;
    let end: Date | null = null;
    let proposedStart: Date;
    if (phaseId === 5) {
      start = day('2024-02-05', index * 7 + rng.int(0, 5));
      end = day('2024-02-05', index * 7 + rng.int(16, 35));
      proposedStart = start;
    } else if (phaseId === 4) {
      start = day('2025-08-04', rng.int(0, 60));
      end = new Date(start.getTime() + rng.int(14, 28) * 86_400_000);
      proposedStart = start;
    } else if (phaseId === 3) {
      start = day('2025-10-06', rng.int(0, 40));
      proposedStart = start;
    } else {
      proposedStart = day(phaseId === 2 ? '2025-12-01' : '2026-01-12', rng.int(0, 45));
    }
    // A live study's planned end lies ahead whenever the demo is seeded: a planned date that passed
    // while the study is still live would read as overdue fieldwork.
    const proposedEnd = phaseId === 3
      ? new Date(Math.max(seedDay(), proposedStart.getTime()) + rng.int(14, 42) * 86_400_000)
      : new Date(proposedStart.getTime() + rng.int(14, 28) * 86_400_000);
    const picked = rng.pick([100, 150, 200, 250, 300, 400, 500, 600, 800, 1000]);

    const idx = this.studies.length;
    const created = new Date(proposedStart.getTime() - 21 * 86_400_000);
    // The study's own stims, by type.
    const own: number[] = [];
    const variant = index % 2;
    if (studyTypeId === 8 || studyTypeId === 10) {
      for (const f of (['leaderboard', 'mpu', 'skyscraper'] as const)) own.push(this.addImageStim(company, brandName, f, idx, variant, created));
      if (rng.chance(0.5)) own.push(this.addImageStim(company, brandName, 'mobile', idx, variant, created));
    } else if (studyTypeId === 7) {
      own.push(this.addScriptStim(company, brandName, idx, created));
      own.push(this.addImageStim(company, brandName, 'mpu', idx, variant, created));
      own.push(this.addImageStim(company, brandName, 'billboard', idx, variant, created));
    } else if (studyTypeId === 5) {
      if (mediaId === 3) {
        own.push(this.addImageStim(company, brandName, 'video', idx, variant, created));
        own.push(this.addVastStim(company, brandName, idx, created, index % 4 === 2));
      } else {
        own.push(this.addImageStim(company, brandName, 'story', idx, variant, created, rng.pick(['Instagram story', 'Facebook story', 'Snapchat story'])));
        own.push(this.addImageStim(company, brandName, 'feed', idx, variant, created, rng.pick(['Facebook feed', 'Instagram feed', 'TikTok feed'])));
      }
    } else if (studyTypeId === 4) {
      own.push(this.addImageStim(company, brandName, 'mpu', idx, variant, created));
      own.push(this.addImageStim(company, brandName, 'mobile', idx, variant, created));
    } else {
      const f: FormatKey = mediaId === 2 ? 'feed' : mediaId === 3 ? 'video' : mediaId === 6 ? 'billboard' : 'mpu';
      own.push(this.addImageStim(company, brandName, f, idx, variant, created));
      own.push(this.addImageStim(company, brandName, f === 'mpu' ? 'billboard' : 'mpu', idx, 1 - variant, created));
      if (index % 3 === 0) own.push(this.addVastStim(company, brandName, idx, created, index % 2 === 0));
    }
    // A competitor creative shown to the control cell.
    const competitor = brands[(index + 3) % brands.length];
    const controlStim = this.addImageStim(company, competitor, this.stims[own[own.length > 1 ? 1 : 0]].format === 'story' ? 'feed' : 'mpu', idx, 0, created);

    const cellCount = phaseId === 1 ? 1 + (index % 2) : 1 + (index % 4);
    // Never fewer requested than the simulator gives the study (PER_CELL_MIN per cell), so no
    // study returns more participants than it asked for.
    const participantsRequested = Math.max(picked, Math.ceil((cellCount * PER_CELL_MIN) / 50) * 50);
    const hasSurvey = index % 4 !== 3;
    const companyGroups: string[] = company === 'acme' || company === 'northwind' ? COMPANY_QUESTIONS[company].map((g) => g.name) : [];
    const groupName: string = rng.chance(0.5) || !companyGroups.length ? 'Brand recall' : rng.pick(companyGroups);
    const cells: PlanCell[] = [];
    for (let c = 0; c < cellCount; c++) {
      const control = cellCount > 1 && c === 0;
      const steps: PlanStep[] = [
        { type: 'instruction', name: 'Welcome', instruction: 'Welcome', showNext: 3, moveNext: 0, nextTypeId: 1 },
        { type: 'instruction', name: 'Webcam permission', instruction: 'Webcam permission', showNext: 2, moveNext: 0, nextTypeId: 1 },
        { type: 'command', name: 'Start camera', commandId: 3, showNext: 0, moveNext: 0, nextTypeId: 3 },
        { type: 'calibration', name: 'Calibration', showNext: 0, moveNext: 0, nextTypeId: 3 },
        { type: 'validation', name: 'Validation', showNext: 0, moveNext: 0, nextTypeId: 3 },
      ];
      const exposed = control ? [controlStim] : own;
      const browse: PlanStep = { type: 'instruction', name: 'Browse naturally', instruction: 'Browse naturally', showNext: 2, moveNext: 0, nextTypeId: 1 };
      const stimStep = (s: number): PlanStep => ({
        type: 'stim', name: this.stims[s].name, stim: s,
        showNext: this.stims[s].durationMs ? 15 : 5, moveNext: this.stims[s].durationMs ? 20 : 10, nextTypeId: 1 + (s % 2),
      });
      if (phaseId > 1 || c === 0) {
        if (studyTypeId === 8) {
          steps.push(browse, this.pageStep('cache', company, exposed));
          if (cellCount > 2) steps.push({ type: 'command', name: 'Recalibrate', commandId: 2, showNext: 0, moveNext: 0, nextTypeId: 3 }, this.pageStep('cache', company, exposed));
        } else if (studyTypeId === 7) {
          steps.push(browse, this.pageStep('cache', company, exposed), this.pageStep('embedded', company, exposed));
          if (!control) steps.push(stimStep(own[0]));
        } else if (studyTypeId === 10) {
          steps.push(browse, this.pageStep('embedded', company, exposed));
        } else if (studyTypeId === 4) {
          const pg = this.pageOf(company, 'external');
          steps.push(...exposed.map(stimStep), { type: 'external', name: this.pages[pg].name, page: pg, showNext: 0, moveNext: 0, nextTypeId: 1 });
        } else {
          if (this.stims[exposed[0]].durationMs) steps.push({ type: 'instruction', name: 'Watch the video', instruction: 'Watch the video', showNext: 2, moveNext: 0, nextTypeId: 1 });
          steps.push(...exposed.map(stimStep));
          if (studyTypeId === 1 && index % 2 === 0) steps.push(this.pageStep('cache', company, own.filter((s) => SLOTS[this.stims[s].format as FormatKey])));
        }
        steps.push({ type: 'command', name: 'Stop camera', commandId: 4, showNext: 0, moveNext: 0, nextTypeId: 3 });
        if (hasSurvey) steps.push({ type: 'question', name: groupName, questionGroup: groupName, showNext: 0, moveNext: 0, nextTypeId: 1 });
        if (index % 3 === 1 && studyTypeId !== 4) {
          const pg = this.pageOf(company, 'external');
          steps.push({ type: 'external', name: this.pages[pg].name, page: pg, showNext: 0, moveNext: 0, nextTypeId: 1 });
        }
        steps.push({ type: 'instruction', name: 'Thank you', instruction: 'Thank you', showNext: 0, moveNext: 0, nextTypeId: 1 });
      }
      // Drop empty cache/embedded pages (a format with no slot).
      const kept = steps.filter((s) => !s.placements || s.placements.length > 0);
      const long = control ? 'Control — competitor creative' : cellCount > 2 ? `Exposed — creative ${String.fromCharCode(64 + c)}` : 'Exposed — test creative';
      cells.push({ name: long, shortName: control ? 'CTRL' : `EXP${cellCount > 2 ? String.fromCharCode(64 + c) : ''}`, steps: kept });
    }

    const panelCount = phaseId === 1 ? 0 : 1 + (index % 3);
    const panels: PlanPanel[] = [];
    for (let p = 0; p < panelCount; p++) {
      const def = PANELS[(index + p) % PANELS.length];
      panels.push({
        name: def.name, code: def.code, panelType: def.panelType, param: def.param,
        success: `${def.base}/complete?status=complete&${def.param}=`,
        screenout: `${def.base}/complete?status=screenout&${def.param}=`,
        quotaFull: `${def.base}/complete?status=quotafull&${def.param}=`,
      });
    }

    const internal = COMPANIES[company].internalId;
    const files: PlanFile[] = [];
    if (phaseId >= 2) {
      files.push({
        name: 'Study brief', description: 'The brief as agreed with the client', type: 'txt',
        key: `c/${internal}/studies/${idx + 1}/brief.txt`, url: null, contentType: 'text/plain; charset=utf-8',
        body: `${name}\n\nBrief: ${brandName} wants to know whether the ${campaign.toLowerCase()} creative earns attention.\nCells: ${cellCount}\nParticipants requested: ${participantsRequested}\n`,
      });
      files.push({
        name: 'Media plan', description: 'Placements and formats tested', type: 'csv',
        key: `c/${internal}/studies/${idx + 1}/media-plan.csv`, url: null, contentType: 'text/csv; charset=utf-8',
        body: toCsv([['stim', 'format', 'width', 'height'], ...own.map((s) => [this.stims[s].name, this.stims[s].adType, this.stims[s].width, this.stims[s].height])], { removeCommas: true }),
      });
    }
    if (phaseId === 5) {
      files.push({ name: 'Debrief deck', description: 'Presented to the client', type: 'link', key: null, url: `https://docs.acme-research.example/debriefs/${slug(name)}` });
    }

    this.studies.push({
      company, name, brand: brandName, studyTypeId, mediaId, environmentId, languageId, locationId, phaseId,
      // Flags as the life cycle sets them: live from launch to close, completed only by Complete study (phase 5).
      live: phaseId === 3, completed: phaseId === 5, participantsRequested, start, end, proposedStart, proposedEnd,
      signoff: new Date(proposedStart.getTime() - 14 * 86_400_000), debrief: new Date(proposedEnd.getTime() + 10 * 86_400_000),
      preAssign: index % 3 === 0 ? 'Standard screening' : null,
      demographicSurveyUrl: index % 4 === 1 ? 'https://survey.formhub.example/s/demographics' : null,
      brief: `Measure attention to the ${brandName} ${campaign.toLowerCase()} creative against category norms.`,
      objective: `Decide which ${brandName} creative to run at scale.`,
      methodology: 'Webcam eye tracking in context, forced exposure then free browsing',
      decision: 'Creative selection and media weighting',
      notes: index % 2 ? 'Client wants topline within 48 hours of fieldwork closing.' : '',
      duration: `${8 + (index % 5) * 2} minutes`,
      incentive: `£${(1 + (index % 4) * 0.5).toFixed(2)} per complete`,
      cells, panels, files,
    });
  }

  batchSet(): void {
    const rng = this.rng;
    const statuses: [live: boolean, completed: boolean][] = [[false, true], [false, true], [false, true], [true, false], [true, false], [false, true], [false, false], [true, false]];
    const names = ['Retail display sweep — October', null, 'Finance social sweep', 'Automotive homepage takeovers', null, 'Travel pre-roll audit', 'Food & drink spring wave', 'Tech launches — week 46'];
    const batchBrands = ['Shopwise', 'Blue Harbour Bank', 'Coinpath', 'Veloce Motors', 'Northway Cars', 'Skylark Air', 'Fizzwell', 'Pixelcore', 'Urban Threads', 'Wanderstay'];
    statuses.forEach(([live, completed], b) => {
      const label = `ADS-${String(1001 + b)}`;
      const start = completed ? day('2025-03-03', b * 21) : live ? day('2025-10-13', b * 3) : null;
      const end = completed && start ? new Date(start.getTime() + 14 * 86_400_000) : null;
      const idx = this.studies.length;
      const stims: number[] = [];
      const count = 4 + (b % 3);
      for (let s = 0; s < count; s++) {
        const format = (['mpu', 'leaderboard', 'skyscraper', 'billboard', 'mobile', 'mpu'] as const)[s];
        stims.push(this.addImageStim('adscope', batchBrands[(b + s) % batchBrands.length], format, idx, s % 2, start ?? day('2025-11-10')));
      }
      const page = this.pageStep('cache', 'adscope', stims);
      // Stims without a free slot on the page get a stim step of their own.
      const unplaced = stims.filter((s) => !page.placements!.some((p) => p.stim === s));
      const steps: PlanStep[] = [
        { type: 'instruction', name: 'Welcome', instruction: 'Welcome', showNext: 3, moveNext: 0, nextTypeId: 1 },
        { type: 'command', name: 'Start camera', commandId: 3, showNext: 0, moveNext: 0, nextTypeId: 3 },
        { type: 'calibration', name: 'Calibration', showNext: 0, moveNext: 0, nextTypeId: 3 },
        { type: 'validation', name: 'Validation', showNext: 0, moveNext: 0, nextTypeId: 3 },
        page,
        ...unplaced.map((s): PlanStep => ({ type: 'stim', name: this.stims[s].name, stim: s, showNext: 5, moveNext: 10, nextTypeId: 1 })),
        { type: 'command', name: 'Stop camera', commandId: 4, showNext: 0, moveNext: 0, nextTypeId: 3 },
      ];
      const name = names[b];
      this.studies.push({
        company: 'adscope', name: `Batch ${label} — ${name ?? 'TBD'}`, brand: batchBrands[b], studyTypeId: 1, mediaId: 1,
        environmentId: 1, languageId: 1, locationId: 1, phaseId: completed ? 5 : live ? 3 : 1, live, completed,
        participantsRequested: 200 + b * 50, start, end, proposedStart: start ?? day('2025-12-01'), proposedEnd: end ?? (live ? new Date(seedDay() + 30 * 86_400_000) : day('2025-12-15')),
        signoff: day('2025-02-03', b * 21), debrief: day('2025-04-01', b * 21), preAssign: null, demographicSurveyUrl: null,
        brief: 'In-the-wild measurement of ads discovered by the monitor.', objective: 'Benchmark attention to live creatives.',
        methodology: 'Passive measurement on cached pages', decision: 'Vendor reporting', notes: '', duration: '6 minutes',
        incentive: '£0.75 per complete', cells: [{ name: 'In the wild', shortName: 'WILD', steps }], panels: [], files: [], batch: b,
      });
      const host = ['dailycourier', 'sportshub', 'techreview', 'travelguide'][b % 4];
      this.batches.push({
        vendor: b % 2, internalId: `AB-2025-${String(b + 1).padStart(4, '0')}`, label, name, size: 200 + rng.int(0, 26) * 50,
        live, completed, start, end, report: completed && end ? new Date(end.getTime() + 3 * 86_400_000) : null, study: idx,
        stims: stims.map((s, i) => ({
          stim: s, identifier: `CR-${(b + 1) * 1000 + i * 37 + 11}`,
          url: `https://www.${host}.example/${['news', 'sport', 'reviews', 'guides'][i % 4]}/${1000 + b * 10 + i}`,
          externalSource: `https://ads.adserver.example/creative/${(b + 1) * 100000 + i}`,
          discovered: start ? new Date(start.getTime() + i * 86_400_000) : day('2025-11-10', i),
        })),
      });
    });
  }
}

/** A cached copy of a web page with empty ad slots (ads are placed by the study runner). */
function cachedHtml(name: string, original: string): string {
  const [site, section] = name.split(' — ');
  const paragraphs = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i + 1} of the ${section ?? 'article'}. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>`).join('\n    ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${site}</title>
  <base href="${original}">
  <style>
    body { margin: 0; font-family: Georgia, serif; width: 1280px; }
    header { height: 90px; background: #1d3557; color: #fff; font: bold 32px Arial, sans-serif; padding: 24px 40px; box-sizing: border-box; }
    main { width: 760px; margin: 340px 0 0 120px; line-height: 1.6; }
    .gz-slot { position: absolute; outline: 1px dashed #ccc; }
  </style>
</head>
<body>
  <header>${site}</header>
  <main>
    <h1>${section ?? site}</h1>
    ${paragraphs}
  </main>
</body>
</html>
`;
}

/** The whole demo, planned without touching the database. */
/** Midnight UTC of the seeding day: two seeds on one day (the reseed tests) get identical rows. */
const seedDay = (): number => Date.parse(new Date().toISOString().slice(0, 10));

export function planDemo() {
  const p = new Planner(seeded(20251101));
  // Acme: 64 studies; phases cycle so every phase, live and completed state is well represented.
  const phases = [5, 3, 5, 4, 3, 1, 5, 2, 3, 5, 4, 1, 3, 5, 2, 3];
  for (let i = 0; i < 64; i++) p.study('acme', i, phases[i % phases.length], ACME_BRANDS, Math.floor(i / 10), 1 + (i % 4));
  for (let i = 0; i < 10; i++) p.study('northwind', i, [5, 3, 1, 5, 4, 3, 2, 5, 3, 1][i], NORTHWIND_BRANDS, i, 1 + ((i + 1) % 4));
  p.batchSet();
  return p;
}

// ---- writing -----------------------------------------------------------------------------------

export interface DemoSummary {
  /** Studies that get simulated respondents: live or completed ones, batch-backing ones included. */
  respondentStudyIds: number[];
  /** Study rows in all (the batch-backing ones included). */
  studies: number;
  /** Studies each company lists (batch-backing studies not counted), by company name. */
  studiesByCompany: Record<string, number>;
  /** Batches (each backed by a study row of its own). */
  batches: number;
  stims: number;
  files: number;
}

type Log = (message: string) => void;

/** app_setting key: JSON list of the study ids that get demo respondents. */
export const RESPONDENT_STUDIES_KEY = 'demo.respondent_studies';

interface DemoFile { company: CompanyKey; key: string; contentType: string; make: () => Buffer | Promise<Buffer> }

/** Every file of the demo: creatives (one per brand, size and variant), logos, cached pages, study files. */
function demoFiles(plan: Planner): DemoFile[] {
  const files = new Map<string, DemoFile>();
  for (const s of plan.stims) {
    if (!s.source || s.source.startsWith('http') || files.has(s.source)) continue;
    const variant = Number(/-v(\d+)\.png$/.exec(s.source)?.[1] ?? 0);
    const f = FORMATS[s.format as FormatKey];
    files.set(s.source, {
      company: s.company, key: s.source, contentType: 'image/png',
      make: async () => (await drawAd({ brand: s.brand, width: s.width, height: s.height, cta: f.cta, variant, video: s.stimType === 'v' })).png,
    });
  }
  for (const [key, c] of Object.entries(COMPANIES) as [CompanyKey, (typeof COMPANIES)[CompanyKey]][]) {
    files.set(`logos/${c.internalId}.png`, { company: key, key: `logos/${c.internalId}.png`, contentType: 'image/png', make: () => drawLogo(c.name) });
  }
  for (const cp of plan.cachePages) {
    if (cp.cached && cp.html) files.set(cp.cached, { company: cp.company, key: cp.cached, contentType: 'text/html; charset=utf-8', make: () => Buffer.from(cp.html!) });
  }
  for (const s of plan.studies) {
    for (const f of s.files) {
      if (f.key && f.body !== undefined) files.set(f.key, { company: s.company, key: f.key, contentType: f.contentType ?? 'application/octet-stream', make: () => Buffer.from(f.body!) });
    }
  }
  return [...files.values()];
}

/**
 * Draws and stores the demo's files that storage does not hold yet. Idempotent and independent of
 * the database, so main.ts runs it in a worker thread while the database opens.
 */
export async function writeDemoFiles(storage: Storage, plan: Planner = planDemo()): Promise<number> {
  let written = 0;
  for (const f of demoFiles(plan)) {
    if (await storage.exists(f.key)) continue;
    await storage.put(f.key, await f.make(), f.contentType);
    written += 1;
  }
  return written;
}

async function fileRecords(plan: Planner, storage: Storage, companyIds: Record<CompanyKey, number>): Promise<FileRecord[]> {
  const out: FileRecord[] = [];
  for (const f of demoFiles(plan)) {
    const found = await storage.get(f.key);
    found?.stream.destroy();
    out.push({ companyId: companyIds[f.company], key: f.key, contentType: f.contentType, size: found?.size ?? 0, uploaded: true, meta: { demo: true } });
  }
  return out;
}

/** Seeds the demo into a database whose reference data is in place and which has no company. */
export async function seedDemo(db: Db, storage: Storage, log: Log = () => {}): Promise<DemoSummary> {
  const plan = planDemo();
  const { brands, adTypes, instructions, actions, questionGroups: groups } = await referenceByName(db);

  const hash = await hashPassword(DEMO_PASSWORD);

  // Ids of companies are needed for storage rows; reserve them inside the transaction below and
  // write files first under fixed keys (keys use internal ids, not serials).
  const summary = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const companyKeys = Object.keys(COMPANIES) as CompanyKey[];
    const companyIdList = await insertAll(tx, company, companyKeys.map((k) => ({
      internalId: COMPANIES[k].internalId, name: COMPANIES[k].name, logoUrl: `logos/${COMPANIES[k].internalId}.png`,
    })));
    const companyIds = Object.fromEntries(companyKeys.map((k, i) => [k, companyIdList[i]])) as Record<CompanyKey, number>;

    const userIdList = await insertAll(tx, appUser, USERS.map((u) => ({
      companyId: companyIds[u.company], username: u.username, passwordHash: hash, firstName: u.first, lastName: u.last,
      location: u.location, jobTitle: u.job, phoneNumber: u.phone, email: u.email, userTypeId: u.type, superUser: u.superUser,
      companyAdmin: u.companyAdmin,
    })));
    const userIds = Object.fromEntries(USERS.map((u, i) => [u.username, userIdList[i]])) as Record<string, number>;

    const drawn = await writeDemoFiles(storage, plan);
    if (drawn) log(`demo: drew ${drawn} files`);
    const files = await fileRecords(plan, storage, companyIds);
    await recordFiles(tx, files);

    // Company question groups and an own instruction.
    for (const [key, sets] of Object.entries(COMPANY_QUESTIONS) as ['acme' | 'northwind', (typeof COMPANY_QUESTIONS)['acme']][]) {
      for (const set of sets) {
        const groupId = await insertOne(tx, questionGroup, { companyId: companyIds[key], name: set.name, text: set.text, comment: 'Company question set', questionSystem: set.system, isPreassign: false });
        groups.set(set.name, groupId);
        for (const [qi, q] of set.questions.entries()) {
          const questionId = await insertOne(tx, question, { questionGroupId: groupId, name: q.name, shortName: q.short, text: q.name, formattedType: q.type, position: qi });
          await insertAll(tx, answerOption, q.answers.map((text, position) => ({ questionId, text, position })));
        }
      }
    }
    await insertOne(tx, instruction, { companyId: companyIds.acme, name: 'Acme welcome (branded)', text: 'Welcome to this Acme Research study. It takes about ten minutes.' });

    const cacheIds = await insertAll(tx, cachePage, plan.cachePages.map((c) => ({
      companyId: companyIds[c.company], name: c.name, originalSource: c.original, cachedSource: c.cached, status: c.status,
      createdAt: day('2024-01-15'),
    })));
    const pageIds = await insertAll(tx, externalPage, plan.pages.map((p) => ({
      companyId: companyIds[p.company], kind: p.kind, name: p.name, url: p.url, memberInsert: p.memberInsert,
    })));

    log(`demo: writing ${plan.studies.length - plan.batches.length} studies and ${plan.batches.length} batches`);
    const studyIds = await insertAll(tx, study, plan.studies.map((s) => ({
      companyId: companyIds[s.company], name: s.name, studyTypeId: s.studyTypeId, mediaId: s.mediaId, environmentId: s.environmentId,
      languageId: s.languageId, locationId: s.locationId, phaseId: s.phaseId, live: s.live, completed: s.completed,
      allowStepEditing: s.phaseId <= 2, participantsRequested: s.participantsRequested,
      dataCollectionStart: s.start, dataCollectionEnd: s.end, brief: s.brief, notes: s.notes, objective: s.objective,
      methodology: s.methodology, studyDuration: s.duration, decisionToInform: s.decision, incentive: s.incentive,
      proposalSignoffDate: s.signoff, proposedDataCollectionStart: s.proposedStart, proposedDataCollectionEnd: s.proposedEnd,
      debriefDate: s.debrief, preAssignQuestionGroupId: s.preAssign ? groups.get(s.preAssign) ?? null : null,
      demographicSurveyUrl: s.demographicSurveyUrl, demographicSurveyInsertParameter: s.demographicSurveyUrl ? 'rid' : null,
      minConnectionSpeed: 1000, minCalibrationFrameRate: 10, maxAccuracy: 150, maxPrecision: 80, maxGazeDuration: 600,
      maxDwellMs: 60000, minDwellMs: 100,
      createdAt: new Date(s.proposedStart.getTime() - 21 * 86_400_000), updatedAt: new Date(s.proposedStart.getTime() - 21 * 86_400_000),
    })));

    const stimIds = await insertAll(tx, stim, plan.stims.map((s) => {
      const t = adTypes.get(s.adType);
      return {
        companyId: companyIds[s.company], studyId: s.study === null ? null : studyIds[s.study], brandId: brands.get(s.brand) ?? null,
        name: s.name, stimType: s.stimType, adAssetTypeId: t?.assetId ?? null, adTypeGroupId: t?.groupId ?? null, adTypeId: t?.id ?? null,
        mediaId: s.mediaId, source: s.source, lowQualitySource: s.lowQualitySource, fileName: s.fileName, tag: s.tag,
        width: s.width, height: s.height, durationMs: s.durationMs, createdAt: s.createdAt,
      };
    }));
    await insertAll(tx, aoi, plan.stims.flatMap((s, i) => s.aois.map((a) => ({
      stimId: stimIds[i], tag: a.tag, shape: 'rect', x: a.x, y: a.y, width: a.width, height: a.height,
    }))));

    const cellRows: { studyId: number; name: string; shortName: string; position: number }[] = [];
    const cellSteps: PlanStep[][] = [];
    plan.studies.forEach((s, si) => s.cells.forEach((c, ci) => {
      cellRows.push({ studyId: studyIds[si], name: c.name, shortName: c.shortName, position: ci });
      cellSteps.push(c.steps);
    }));
    const cellIds = await insertAll(tx, cell, cellRows);

    const stepRows: Record<string, unknown>[] = [];
    const stepPlans: PlanStep[] = [];
    cellSteps.forEach((steps, ci) => steps.forEach((st, position) => {
      stepRows.push({
        studyId: cellRows[ci].studyId, cellId: cellIds[ci], position, stepType: st.type, name: st.name,
        instructionId: st.instruction ? instructions.get(st.instruction) ?? null : null,
        cachePageId: st.cachePage !== undefined ? cacheIds[st.cachePage] : null,
        stimId: st.stim !== undefined ? stimIds[st.stim] : null,
        externalPageId: st.page !== undefined ? pageIds[st.page] : null,
        questionGroupId: st.questionGroup ? groups.get(st.questionGroup) ?? null : null,
        commandId: st.commandId ?? null, secondsBeforeShowNext: st.showNext, secondsBeforeMoveNext: st.moveNext, nextTypeId: st.nextTypeId,
      });
      stepPlans.push(st);
    }));
    const stepIds = await insertAll(tx, step, stepRows);
    await insertAll(tx, stepStim, stepPlans.flatMap((st, i) => (st.placements ?? []).map((pl) => ({
      stepId: stepIds[i], stimId: stimIds[pl.stim], x: pl.x, y: pl.y,
    }))));

    await insertAll(tx, panel, plan.studies.flatMap((s, si) => s.panels.map((p) => ({
      studyId: studyIds[si], name: p.name, code: p.code, successRedirectUrl: p.success, screenoutRedirectUrl: p.screenout,
      quotaFullRedirectUrl: p.quotaFull, participantInsertParameter: p.param, panelType: p.panelType,
    }))));
    await insertAll(tx, studyFile, plan.studies.flatMap((s, si) => s.files.map((f) => ({
      studyId: studyIds[si], name: f.name, description: f.description, type: f.type, storageKey: f.key, url: f.url,
    }))));

    // Subscriptions and run-throughs on a few of Acme's live and completed studies.
    const acmeLive = plan.studies.map((s, i) => ({ s, i })).filter(({ s }) => s.company === 'acme' && s.live).slice(0, 3);
    const acmeDone = plan.studies.map((s, i) => ({ s, i })).filter(({ s }) => s.company === 'acme' && s.completed).slice(0, 2);
    const nwLive = plan.studies.map((s, i) => ({ s, i })).filter(({ s }) => s.company === 'northwind' && s.live).slice(0, 1);
    const researcher = USERS[0];
    await insertAll(tx, actionSubscription, [
      ...acmeLive.map(({ i }) => ({ actionId: actions.get('completed')!, studyId: studyIds[i], userId: userIds.researcher, email: researcher.email })),
      ...acmeDone.map(({ i }) => ({ actionId: actions.get('results')!, studyId: studyIds[i], userId: userIds.researcher, email: researcher.email })),
      ...nwLive.map(({ i }) => ({ actionId: actions.get('live')!, studyId: studyIds[i], userId: userIds.northwind, email: USERS[3].email })),
    ]);
    await insertAll(tx, runThrough, acmeLive.map(({ s, i }, n) => ({
      studyId: studyIds[i], requestedBy: userIds.admin, isTest: true, status: n === 2 ? 'failed' : 'passed',
      result: n === 2 ? 'Stopped at the calibration step: camera permission was refused' : `All ${s.cells[0].steps.length} steps of cell 1 completed`,
      createdAt: day('2025-10-20', n),
    })));

    // The vendor's batches.
    const vendorIds = await insertAll(tx, vendor, plan.vendors.map((v) => ({ companyId: companyIds[v.company], internalId: v.internalId, name: v.name })));
    const batchIds = await insertAll(tx, batch, plan.batches.map((b) => ({
      companyId: companyIds.adscope, vendorId: vendorIds[b.vendor], studyId: studyIds[b.study], internalId: b.internalId,
      batchLabel: b.label, name: b.name, estimatedBatchSize: b.size, live: b.live, completed: b.completed,
      dataCollectionStart: b.start, dataCollectionEnd: b.end, reportGeneratedDate: b.report,
    })));
    // batch_stim.step_id: the step that showed the stim (page step or its own stim step).
    const stepOfStim = new Map<number, number>();
    stepPlans.forEach((st, i) => {
      if (st.stim !== undefined && !stepOfStim.has(st.stim)) stepOfStim.set(st.stim, stepIds[i]);
      for (const pl of st.placements ?? []) if (!stepOfStim.has(pl.stim)) stepOfStim.set(pl.stim, stepIds[i]);
    });
    await insertAll(tx, batchStim, plan.batches.flatMap((b, bi) => b.stims.map((s) => ({
      batchId: batchIds[bi], stimId: stimIds[s.stim], stepId: stepOfStim.get(s.stim) ?? null, identifier: s.identifier,
      url: s.url, externalSource: s.externalSource, discoveredDate: s.discovered,
    }))));

    // Embedded dashboard report rows: one company-wide tracker and a row per completed study shown.
    const reportStudies = plan.studies.map((s, i) => ({ s, i })).filter(({ s }) => s.company === 'acme' && s.completed).slice(0, 3);
    const rowDefs = [
      { companyId: companyIds.acme, studyId: null as number | null, name: 'Brand tracker 2025', panels: reportStudies.map(({ s, i }) => ({ name: s.name, target: `/my_studies/overview/${studyIds[i]}/reports?report_type=compare` })) },
      ...reportStudies.map(({ s, i }) => ({
        companyId: companyIds.acme, studyId: studyIds[i], name: s.name,
        panels: [
          { name: 'Attention overview', target: `/my_studies/overview/${studyIds[i]}/reports?report_type=compare` },
          { name: 'Audience', target: `/my_studies/overview/${studyIds[i]}/reports?report_type=demographics` },
        ],
      })),
    ];
    const nw = plan.studies.map((s, i) => ({ s, i })).find(({ s }) => s.company === 'northwind' && s.completed);
    if (nw) rowDefs.push({ companyId: companyIds.northwind, studyId: studyIds[nw.i], name: nw.s.name, panels: [{ name: 'Attention overview', target: `/my_studies/overview/${studyIds[nw.i]}/reports?report_type=compare` }] });
    const rowIds = await insertAll(tx, reportRow, rowDefs.map((r, position) => ({ companyId: r.companyId, studyId: r.studyId, name: r.name, position })));
    await insertAll(tx, reportPanel, rowDefs.flatMap((r, ri) => r.panels.map((p, position) => ({ reportRowId: rowIds[ri], name: p.name, target: p.target, position }))));

    const respondentStudyIds = plan.studies
      .map((s, i) => ({ s, i }))
      .filter(({ s }) => s.phaseId >= 3)
      .map(({ i }) => studyIds[i]);
    // Committed with the rows, so respondent seeding can resume after a restart (seed/index.ts).
    respondentStudyIds.push(...(await seedBatchDemo(tx, storage)));
    await putSetting(tx, RESPONDENT_STUDIES_KEY, JSON.stringify(respondentStudyIds));
    const studiesByCompany: Record<string, number> = {};
    for (const st of plan.studies) if (st.batch === undefined) studiesByCompany[COMPANIES[st.company].name] = (studiesByCompany[COMPANIES[st.company].name] ?? 0) + 1;
    return { respondentStudyIds, studies: studyIds.length, studiesByCompany, batches: plan.batches.length, stims: stimIds.length, files: files.length };
  });
  return summary;
}
