// app_setting: small key → text values the server keeps for itself (the URL signing secret,
// demo seeding progress markers).
import { eq, like } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSetting } from '../db/schema/index.js';

export async function getSetting(db: Db, key: string): Promise<string | null> {
  const found = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, key)).limit(1);
  return found[0]?.value ?? null;
}

/** Stores the value unless the key is already set (then the stored one wins); returns what is stored. */
export async function setSettingOnce(db: Db, key: string, value: string): Promise<string> {
  await db.insert(appSetting).values({ key, value }).onConflictDoNothing();
  return (await getSetting(db, key)) ?? value;
}

/** Keys that start with prefix (LIKE wildcards in prefix are not expected). */
export async function settingKeys(db: Db, prefix: string): Promise<string[]> {
  const rows = await db.select({ key: appSetting.key }).from(appSetting).where(like(appSetting.key, `${prefix}%`));
  return rows.map((r) => r.key);
}

/** Stores a new key (fails when it exists: callers own their keys). */
export async function putSetting(db: Db, key: string, value: string): Promise<void> {
  await db.insert(appSetting).values({ key, value });
}
