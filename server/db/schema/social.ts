// The social ad test's ad (issue 16, spec D3 §2.5, §3): which platform feed or story the stim is
// shown in and everything that feed needs to look real (profile, channel, texts, call to action,
// promoted headline, Snapchat rating…). One row per study ad; the stim itself (the ad's media) is an
// ordinary stim placed on a stim step in every cell.
import { pgTable, serial, integer, text, boolean, jsonb, index } from 'drizzle-orm/pg-core';
import { study, stim } from './study.js';

export const socialAd = pgTable('social_ad', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  stimId: integer('stim_id').notNull().references(() => stim.id),
  /** The in-context site (lookup incontext_site): fb, vk, in, sc, pin, tt; rfb / rin under the new social system. */
  incontextSiteId: integer('incontext_site_id').notNull(),
  siteCode: text('site_code').notNull(),
  /** The platform whatever the system (fb for rfb, in for rin). */
  platform: text('platform').notNull(),
  /** 'standard' (feed), 'story' or 'watch'. */
  adType: text('ad_type').notNull(),
  isNewSocialSystem: boolean('is_new_social_system').notNull().default(false),
  /** Facebook and Instagram only; null elsewhere. */
  promoted: boolean('promoted'),
  /** Only for an ad URL ending in mp4; null elsewhere. */
  hasSound: boolean('has_sound'),
  /** The platform's type-specific fields of spec D3 §3 by their form names (fb_channel_name, sc_promo_rating, …). */
  details: jsonb('details').$type<Record<string, string | number>>().notNull(),
}, (t) => [index('social_ad_study_idx').on(t.studyId)]);
