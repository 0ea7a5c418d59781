/**
 * The only script a page ever loads, and only when it has islands: each `[data-island]`
 * element is hydrated with its component and the JSON props rendered beside it.
 */
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS } from 'virtual:sitewright-islands';

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const load = ISLANDS[element.dataset.island ?? ''];
  if (!load) continue;
  const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
  void load().then((Component) => {
    hydrateRoot(element, <Component {...props} />);
    element.dataset.hydrated = 'true';
  });
}
