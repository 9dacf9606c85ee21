// Accounts, tenancy, reference lists and messages. Every tenant table carries company_id
// (directly, or through its study) so repositories can always scope by company.
import {
  pgTable, serial, integer, text, boolean, timestamp, uniqueIndex, index, jsonb, primaryKey, uuid,
} from 'drizzle-orm/pg-core';

export const company = pgTable('company', {
  id: serial('id').primaryKey(),
  internalId: text('internal_id').notNull().unique(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  /** Days raw gaze samples are kept after their session (issue 41; null: kept); the retention job drops older ones. */
  rawGazeRetentionDays: integer('raw_gaze_retention_days'),
  /** Days a completed study's respondent data is kept after its completion (null: kept). */
  studyRetentionDays: integer('study_retention_days'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const appUser = pgTable('app_user', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  location: text('location'),
  jobTitle: text('job_title'),
  phoneNumber: text('phone_number'),
  email: text('email'),
  userTypeId: integer('user_type_id').notNull().default(1),
  superUser: boolean('super_user').notNull().default(false),
  /** Administers its own company's settings (allowed origins), whatever its user type (docs/api.md "Roles"). */
  companyAdmin: boolean('company_admin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('app_user_company_idx').on(t.companyId)]);

/** Sign-in tokens. Only a SHA-256 of the token is stored; the token itself is shown once. */
export const authToken = pgTable('auth_token', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** When the token was last presented, to the minute (written at most once a minute): idle expiry. */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-ins, kept in the database so any number of stateless servers share the limit. */
/**
 * Password reset links (e-mailed, or issued by a company administrator). Only a SHA-256 of the
 * token is stored; a link works once and until expires_at.
 */
export const passwordReset = pgTable('password_reset', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** The administrator who issued it; null when the user asked for it (Forgot password). */
  createdBy: integer('created_by').references(() => appUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('password_reset_user_idx').on(t.userId)]);

export const loginAttempt = pgTable('login_attempt', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  ip: text('ip').notNull(),
  attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('login_attempt_user_idx').on(t.username, t.attemptedAt), index('login_attempt_ip_idx').on(t.ip, t.attemptedAt)]);

/**
 * Simple provider-curated lists (no foreign keys point here: repositories validate ids on write) that answer {id, name} / {code, description}:
 * kinds environment, media, study_type, project_location, study_language, stim_type,
 * incontext_site, panelist_role, next_button_type, ad_category, command,
 * age_group, family_group, earnings_group, gender_group, socialgrade_group, ethnicity_group.
 */
export const lookupItem = pgTable('lookup_item', {
  kind: text('kind').notNull(),
  /** Stable id per kind: the API's *_id values (e.g. study_type_id 8) are these ids. */
  id: integer('id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.kind, t.id] }), uniqueIndex('lookup_item_kind_code_uq').on(t.kind, t.code)]);

export const adAssetType = pgTable('ad_asset_type', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const adTypeGroup = pgTable('ad_type_group', {
  id: serial('id').primaryKey(),
  adAssetTypeId: integer('ad_asset_type_id').notNull().references(() => adAssetType.id),
  name: text('name').notNull(),
});

export const adType = pgTable('ad_type', {
  id: serial('id').primaryKey(),
  adTypeGroupId: integer('ad_type_group_id').notNull().references(() => adTypeGroup.id),
  /** lookup_item of kind ad_category: the comparison set of norm type 4. */
  adCategoryId: integer('ad_category_id'),
  name: text('name').notNull(),
});

/** Brands and categories are shared reference data; only super users create them. */
export const brandCategory = pgTable('brand_category', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  cleanName: text('clean_name').notNull().unique(),
});

export const brand = pgTable('brand', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  cleanName: text('clean_name').notNull().unique(),
  brandCategoryId: integer('brand_category_id').notNull().references(() => brandCategory.id),
});

export const dashboardFeedback = pgTable('dashboard_feedback', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  userId: integer('user_id').notNull().references(() => appUser.id),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessage = pgTable('contact_message', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  userId: integer('user_id').notNull().references(() => appUser.id),
  email: text('email').notNull(),
  message: text('message').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded media and generated files, stored under DATA_DIR/storage (or S3 at scale). */
export const storedFile = pgTable('stored_file', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').references(() => company.id),
  key: text('key').notNull().unique(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull().default(0),
  uploaded: boolean('uploaded').notNull().default(false),
  meta: jsonb('meta'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Installation-wide settings shared by every server process (e.g. the URL-signing secret). */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Background jobs (server/jobs): the owner and the progress of each pg-boss job. pg-boss keeps
 * the state, retries and errors in its own schema; this row gives the job a public decimal id,
 * a company (tenancy) and progress that survives restarts on both databases.
 */
export const appJob = pgTable('app_job', {
  id: serial('id').primaryKey(),
  /** The pg-boss job id (its queue is `kind`). */
  bossId: uuid('boss_id').notNull().unique(),
  kind: text('kind').notNull(),
  companyId: integer('company_id').notNull().references(() => company.id, { onDelete: 'cascade' }),
  /** Optional deduplication key: enqueue returns the unfinished job of the same kind and key. */
  key: text('key'),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull().default(0),
  message: text('message').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('app_job_kind_key_idx').on(t.kind, t.key), index('app_job_company_idx').on(t.companyId)]);
