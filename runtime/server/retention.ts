/**
 * Data kept no longer than a site says: once a day, records older than a block's retention rule
 * (a form's `retainDays`) are deleted with the files sent with them. And every hour, the work
 * blocks have scheduled (a gift certificate delivered on its date). The daily run also deletes
 * uploads left waiting by a process stopped mid-post.
 */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ActionInput } from '../../blocks/contract.ts';
import type { ActionServices } from '../../blocks/contract.ts';
import { blocksIn } from '../config/blocks-in.ts';
import type { Fleet } from '../fleet.ts';
import type { Site } from '../site.ts';
import type { Store } from '../store/store.ts';
import { StoreError } from '../store/store.ts';
import { clearStaleIncoming } from './multipart-body.ts';

const DAY = 86_400_000;

/**
 * The sites whose stored data may have work: every loaded site; in a lazy fleet, also each site
 * with stored data that is not loaded now, read for this run only (so the run does not push the
 * sites visitors are using out of memory).
 */
async function* sitesToVisit(fleet: Pick<Fleet, 'sites' | 'sitesDir' | 'lazy' | 'broken'>, store: Store): AsyncGenerator<Site> {
  yield* [...fleet.sites.values()];
  if (!fleet.lazy) return;
  for (const prefix of await store.sitesWithData()) {
    if (fleet.sites.has(prefix) || fleet.broken.has(prefix) || !fleet.lazy.folders.has(prefix)) continue;
    // Read as the fleet reads its sites (in the server, in a thread within the document's budget).
    const { site } = await fleet.lazy.load(fleet.sitesDir, prefix);
    if (site) yield site;
  }
}

/** Deletes what every site's rules (from its blocks' `retain`) say is too old at `now`; returns how many records went, by site. */
export async function sweep(
  fleet: Pick<Fleet, 'sites' | 'sitesDir' | 'lazy' | 'broken'>,
  store: Store,
  uploadsDir: string,
  now = Date.now(),
): Promise<Map<string, number>> {
  const removed = new Map<string, number>();
  await clearStaleIncoming(uploadsDir, now);
  for await (const site of sitesToVisit(fleet, store)) {
    const rules = [...blocksIn(site.data)].flatMap(({ block }) => {
      const { type, id: _id, ...props } = block;
      return site.blocks[type as string]?.retain?.(props) ?? [];
    });
    if (!rules.length) continue;
    try {
      const tenant = await store.tenant(site.prefix);
      for (const rule of rules) {
        const cutoff = new Date(now - rule.days * DAY).toISOString();
        const old = (await tenant.list(rule.kind, rule.where)).filter((r) => r.createdAt < cutoff);
        if (!old.length) continue;
        removed.set(
          site.prefix,
          (removed.get(site.prefix) ?? 0) +
            (await tenant.remove(
              rule.kind,
              old.map((r) => r.id),
            )),
        );
        for (const record of old) {
          for (const file of (record.files ?? []) as { file: string }[]) await unlink(join(uploadsDir, site.prefix, file.file)).catch(() => undefined);
        }
      }
    } catch (error) {
      // One site's unreadable data stops its own sweep, not the others'.
      if (!(error instanceof StoreError)) throw error;
    }
  }
  return removed;
}

/** Runs every block's hourly work (see BlockDefinition.scheduled) for every site; one site's failure is logged and the rest go on. */
export async function runScheduled(
  fleet: Pick<Fleet, 'sites' | 'sitesDir' | 'lazy' | 'broken'>,
  services: ActionServices,
  log: ActionInput<unknown>['log'],
  now = Date.now(),
): Promise<void> {
  for await (const site of sitesToVisit(fleet, services.store)) {
    for (const { block } of blocksIn(site.data)) {
      const { type, id: _id, ...props } = block;
      const definition = site.blocks[type as string];
      if (!definition?.scheduled) continue;
      try {
        await definition.scheduled({ site, props, services, log, now });
      } catch (error) {
        log.error({ site: site.prefix, block: type, err: (error as Error).message }, 'scheduled work failed; it runs again within the hour');
      }
    }
  }
}
