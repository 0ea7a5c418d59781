/**
 * The client entry, imported by the page's loader (`loader.ts`) when an island is first needed:
 * every `[data-island]` element of the page is hydrated with its component and the JSON props
 * rendered beside it, all at once, so the script is fetched once and islands touched later are
 * ready. Each is marked `data-hydrated` when React has taken it over.
 */
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS } from 'virtual:sitewright-islands';
import { replayChanges, typedBefore } from './replay.ts';

/** Wraps an island (adding no markup): once its hydration has committed, replays what the visitor changed before. */
function Hydrated({ island, typed, children }: { island: HTMLElement; typed: ReturnType<typeof typedBefore>; children: ReactNode }) {
  useEffect(() => {
    replayChanges(island, typed);
    island.dataset.hydrated = 'true';
  }, [island, typed]);
  return children;
}

function hydrateAll() {
  for (const island of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const load = ISLANDS[island.dataset.island ?? ''];
    if (!load) continue;
    const props = JSON.parse(island.dataset.props ?? '{}') as Record<string, unknown>;
    void load().then((Component) => {
      const typed = typedBefore(island);
      hydrateRoot(
        island,
        <Hydrated island={island} typed={typed}>
          <Component {...props} />
        </Hydrated>,
      );
    });
  }
}

// A touch while the page is still arriving loads this early: the islands below it are not there yet.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', hydrateAll);
else hydrateAll();
