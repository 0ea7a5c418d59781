/**
 * Relevance over the sites with search: for each query, the page a visitor would want first,
 * written from the sites' content, with misspellings and singular/plural forms. Prints
 * precision@1 and fails below 90%.
 */
import { beforeAll, expect, it } from 'vitest';
import { loadFleet, type Fleet } from '../fleet.ts';
import { searchOf } from './site-search.ts';

/** [site, query, the path that must come first] */
const CASES: [string, string, string][] = [
  ['clearpath', 'alt text', '/alt-text'],
  ['clearpath', 'decorative images', '/alt-text'],
  ['clearpath', 'keybord navigation', '/keyboard-navigation'],
  ['clearpath', 'color contrast', '/color-contrast'],
  ['clearpath', 'caption', '/captions-and-transcripts'],
  ['clearpath', 'transcript', '/captions-and-transcripts'],
  ['clearpath', 'accesible pdf', '/accessible-pdfs'],
  ['clearpath', 'overlays', '/blog/why-accessibility-overlays-do-not-help'],
  ['clearpath', 'restroom', '/blog/accessible-restrooms-are-not-storage-rooms'],
  ['clearpath', 'dark mode', '/blog/dark-mode-and-contrast'],
  ['clearpath', 'step free entrance', '/step-free-entrances'],
  ['clearpath', 'acessibility statement', '/accessibility-statement'],
  ['clearpath', 'form labels', '/accessible-forms'],
  ['clearpath', 'parking permit letter', '/blog/plain-language-parking-permit-letter'],
  ['youthreach', 'mentoring', '/programs/mentoring'],
  ['youthreach', 'become a mentor', '/mentor'],
  ['youthreach', 'after school club', '/programs/after-school-clubs'],
  ['youthreach', 'summer camp', '/programs/summer-camp'],
  ['youthreach', 'climbing wall', '/news/teen-council-picks-a-climbing-wall-for-the-new-youth-room'],
  ['youthreach', 'intern', '/news/summer-interns-earned-more-than-100-000'],
  ['youthreach', 'teen lab', '/programs/teen-lab'],
  ['oakridge', 'dog license', '/departments/town-clerk/dog-licenses'],
  ['oakridge', 'snow plowing', '/departments/public-works/snow-and-ice'],
  ['oakridge', 'bulk pickup', '/residents/trash-and-recycling/bulk-item-pickup'],
  ['oakridge', 'building permit', '/departments/building-and-zoning/building-permits'],
  ['oakridge', 'polling place', '/news/new-polling-place'],
  ['oakridge', 'property tax', '/residents/property-taxes'],
  ['oakridge', 'pavillion rental', '/departments/parks-and-recreation/pavilion-rentals'],
  ['oakridge', 'birth certificate', '/departments/town-clerk/vital-records'],
  ['oakridge', 'leaf collection', '/residents/trash-and-recycling/yard-waste'],
  ['elenamarsh', 'rain garden', '/blog/rain-garden-in-a-weekend'],
  ['elenamarsh', 'native plant wet clay', '/blog/native-plants-for-wet-clay'],
  ['elenamarsh', 'lawns', '/blog/why-i-stopped-specifying-lawn'],
  ['elenamarsh', 'schoolyard', '/cedar-hollow-schoolyard'],
  ['elenamarsh', 'salt marsh', '/blog/what-the-salt-marsh-taught-me'],
  ['northgatelaw', 'divorce', '/practice-areas/divorce'],
  ['northgatelaw', 'child custody', '/practice-areas/custody-and-parenting-time'],
  ['northgatelaw', 'spousal suport', '/practice-areas/child-and-spousal-support'],
  ['northgatelaw', 'adoptions', '/practice-areas/adoption-and-guardianship'],
  ['northgatelaw', 'restraining order', '/practice-areas/protective-orders'],
  ['northgatelaw', 'first meeting', '/first-meeting'],
];

let fleet: Fleet;
beforeAll(async () => {
  fleet = await loadFleet('sites', [...new Set(CASES.map(([site]) => site))]);
});

it('puts the right page first for at least 90% of the queries', () => {
  const misses: string[] = [];
  for (const [prefix, query, want] of CASES) {
    const site = fleet.sites.get(prefix);
    if (!site) throw new Error(`${prefix} did not load`);
    const first = searchOf(site).search(query).hits[0]?.path;
    if (first !== want) misses.push(`${prefix} "${query}": got ${first ?? 'nothing'}, want ${want}`);
  }
  const precision = (CASES.length - misses.length) / CASES.length;
  console.log(
    `search precision@1: ${(precision * 100).toFixed(1)}% (${CASES.length - misses.length}/${CASES.length})${misses.length ? `\n  ${misses.join('\n  ')}` : ''}`,
  );
  expect(precision).toBeGreaterThanOrEqual(0.9);
});
