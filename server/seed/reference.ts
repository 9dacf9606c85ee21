// Provider-curated reference data every installation needs (lookup lists, ad taxonomy, brands,
// standard instructions, commands, product question sets, study actions). Idempotent: inserts
// only into empty tables, so it runs on every start and in tests.
import type { Db } from '../db/client.js';
import { LOOKUPS } from '../domain/lookups.js';
import { insertAll, insertOne, isEmpty } from '../repositories/seed.js';
import {
  lookupItem, adAssetType, adTypeGroup, adType, brandCategory, brand, instruction, questionGroup,
  question, answerOption, studyAction,
} from '../db/schema/index.js';

// The lists themselves live in domain/ (ingestion and the simulator check ids against them too).
export { LOOKUPS };

/** Ad asset type → group → [type, ad category id]. */
const AD_TAXONOMY: Record<string, Record<string, [string, number][]>> = {
  Display: {
    'Standard banners': [['Leaderboard 728x90', 1], ['MPU 300x250', 1], ['Skyscraper 160x600', 1], ['Billboard 970x250', 1]],
    'Mobile banners': [['Mobile banner 320x50', 1], ['Mobile MPU 300x250', 1]],
  },
  Social: {
    'Feed ads': [['Facebook feed', 2], ['Instagram feed', 2], ['TikTok feed', 2]],
    'Story ads': [['Facebook story', 2], ['Instagram story', 2], ['Snapchat story', 2]],
  },
  Video: {
    'Online video': [['Pre-roll', 3], ['Mid-roll', 3], ['Outstream', 3]],
  },
  'Rich media': {
    'Interactive': [['Expandable', 4], ['Interstitial', 4]],
  },
};

const BRANDS: Record<string, string[]> = {
  'Food & drink': ['Crunchy Oats', 'Fizzwell', 'Morning Brew', 'Green Leaf'],
  Automotive: ['Veloce Motors', 'Northway Cars'],
  Retail: ['Shopwise', 'Urban Threads', 'Homestead'],
  Finance: ['Blue Harbour Bank', 'Coinpath'],
  Travel: ['Skylark Air', 'Wanderstay'],
  Technology: ['Pixelcore', 'Nimbus Phones'],
};

const INSTRUCTIONS = [
  ['Welcome', 'Welcome to the study. Thank you for taking part.'],
  ['Webcam permission', 'Please allow access to your webcam so we can measure where you look.'],
  ['Browse naturally', 'On the next page, browse as you normally would. Take as long as you like.'],
  ['Watch the video', 'Please watch the following video.'],
  ['Thank you', 'Thank you! You have completed the study.'],
];

const QUESTION_SETS: { name: string; text: string; preassign: boolean; system: string; questions: { name: string; short: string; type: string; answers: string[] }[] }[] = [
  {
    name: 'Standard screening', text: 'Screening questions asked before exposure', preassign: true, system: 'lu',
    questions: [
      { name: 'Which of these devices do you own?', short: 'devices', type: 'multiple_choice', answers: ['Laptop', 'Desktop', 'Smartphone', 'Tablet'] },
      { name: 'How often do you shop online?', short: 'shop_freq', type: 'single_choice', answers: ['Daily', 'Weekly', 'Monthly', 'Rarely', 'Never'] },
    ],
  },
  {
    name: 'Brand recall', text: 'Post-exposure brand recall and intent', preassign: false, system: 'lu',
    questions: [
      { name: 'Which brands do you remember seeing advertised?', short: 'recall', type: 'brand_recall', answers: ['Crunchy Oats', 'Fizzwell', 'Veloce Motors', 'Shopwise', 'Skylark Air', 'None of these'] },
      { name: 'How likely are you to buy from the brand you saw?', short: 'intent', type: 'single_choice', answers: ['Very likely', 'Quite likely', 'Not sure', 'Unlikely', 'Very unlikely'] },
      { name: 'How did the advert make you feel?', short: 'feel', type: 'single_choice', answers: ['Happy', 'Curious', 'Indifferent', 'Annoyed'] },
    ],
  },
  {
    name: 'Partner survey', text: 'Questions hosted on an external survey platform', preassign: false, system: 'ex',
    questions: [
      { name: 'Did you notice any advertising on the page?', short: 'noticed', type: 'single_choice', answers: ['Yes', 'No', "Don't know"] },
    ],
  },
];

const ACTIONS: [string, string][] = [
  ['Study goes live', 'live'], ['Study completed', 'completed'], ['Results ready', 'results'],
];

export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (await isEmpty(t, 'lookup_item')) {
      const rows = Object.entries(LOOKUPS).flatMap(([kind, items]) =>
        items.map(([id, code, name], position) => ({ kind, id, code, name, position })));
      await insertAll(t, lookupItem, rows);
    }
    if (await isEmpty(t, 'ad_asset_type')) {
      for (const [assetName, groups] of Object.entries(AD_TAXONOMY)) {
        const adAssetTypeId = await insertOne(t, adAssetType, { name: assetName });
        for (const [groupName, types] of Object.entries(groups)) {
          const adTypeGroupId = await insertOne(t, adTypeGroup, { name: groupName, adAssetTypeId });
          await insertAll(t, adType, types.map(([name, adCategoryId]) => ({ name, adCategoryId, adTypeGroupId })));
        }
      }
    }
    if (await isEmpty(t, 'brand_category')) {
      for (const [categoryName, brands] of Object.entries(BRANDS)) {
        const brandCategoryId = await insertOne(t, brandCategory, { name: categoryName, cleanName: categoryName.toLowerCase() });
        await insertAll(t, brand, brands.map((name) => ({ name, cleanName: name.toLowerCase(), brandCategoryId })));
      }
    }
    if (await isEmpty(t, 'instruction')) {
      await insertAll(t, instruction, INSTRUCTIONS.map(([name, text]) => ({ name, text })));
    }
    if (await isEmpty(t, 'question_group')) {
      for (const set of QUESTION_SETS) {
        const questionGroupId = await insertOne(t, questionGroup, {
          name: set.name, text: set.text, comment: '', questionSystem: set.system, isPreassign: set.preassign,
        });
        for (const [qi, q] of set.questions.entries()) {
          const questionId = await insertOne(t, question, {
            questionGroupId, name: q.name, shortName: q.short, text: q.name, formattedType: q.type, position: qi,
          });
          await insertAll(t, answerOption, q.answers.map((text, position) => ({ questionId, text, position })));
        }
      }
    }
    if (await isEmpty(t, 'study_action')) {
      await insertAll(t, studyAction, ACTIONS.map(([name, type]) => ({ name, type })));
    }
  });
}
