// The cache-page job (issue 12): fetch an ordered page under the fetcher's rules, keep the snapshot
// in storage and mark the page ready, or failed with the reason the board shows. Idempotent: a
// page already ready is left alone; a retry after a crash fetches again and overwrites the same key.
import { defineJob } from './define.js';
import { cachePageForJob, markCachePageFailed, markCachePageReady } from '../repositories/board.js';
import { FetchRefused, fetchPublicPage, snapshotHtml } from '../services/board-fetch.js';

export interface CachePageJobData {
  cachePageId: number;
}

/** Where a page's snapshot is stored. */
export const snapshotKey = (companyId: number, cachePageId: number) => `c/${companyId}/cache/page-${cachePageId}.html`;

const RETRIES = 2;

export const cachePageJob = defineJob<CachePageJobData>('cache-page', async (ctx) => {
  const page = await cachePageForJob(ctx.db, ctx.data.cachePageId);
  // Another company's page never: the job acts for the company it was queued for.
  if (!page || page.companyId !== ctx.companyId) return { status: 'gone' };
  if (page.status === 'cached') return { status: 'ready' };
  if (!ctx.storage) throw new Error('The job queue was started without storage');
  await ctx.setProgress({ done: 0, total: 1, message: `Fetching ${page.originalSource.slice(0, 200)}` });
  try {
    const fetched = await fetchPublicPage(page.originalSource, { signal: ctx.signal });
    const html = Buffer.from(snapshotHtml(fetched), 'utf8');
    const key = snapshotKey(page.companyId, page.id);
    await ctx.storage.put(key, html, 'text/html; charset=utf-8');
    await markCachePageReady(ctx.db, page.id, { key, finalUrl: fetched.finalUrl, bytes: html.length });
    await ctx.setProgress({ done: 1, message: 'Ready' });
    return { status: 'ready', bytes: html.length };
  } catch (err) {
    // Shutdown or a surprise: pg-boss retries; the last attempt still leaves a reason behind.
    if (!(err instanceof FetchRefused) && (ctx.signal.aborted || ctx.attempt <= RETRIES)) throw err;
    const reason = err instanceof FetchRefused ? err.message : 'The page could not be fetched';
    await markCachePageFailed(ctx.db, page.id, reason);
    await ctx.setProgress({ done: 1, message: `Failed: ${reason}` });
    return { status: 'failed', reason };
  }
}, { retryLimit: RETRIES, retryDelay: 5, expireInSeconds: 120 });
