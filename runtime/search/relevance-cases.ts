/** Queries over the sites with search and the page a visitor would want first, written from the sites' content (misspellings, singular and plural forms included); then what must not be found, and in what order. Shared by the relevance test and the bench. */

/** [site, query, the path that must come first] */
export const CASES: [string, string, string][] = [
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
  ['youthreach', 'tasha greene', '/about#staff-tasha-greene'],
  ['youthreach', 'executive director', '/about#staff-denise-calloway'],
  ['guardianpest', 'mice in october', '/blog/why-mice-move-in-every-october'],
  ['guardianpest', 'lanternfly', '/blog/spotted-lanternfly-what-homeowners-can-do'],
  ['guardianpest', 'termite swarms', '/blog/termite-swarm-or-flying-ants'],
  ['guardianpest', 'yellow jackets', '/blog/yellowjackets-in-the-ground'],
  ['guardianpest', 'carver falls', '/alder-county/carver-falls'],
  ['cedarvillegov', 'winter parking', '/news/winter-parking-rules'],
  ['cedarvillegov', 'leaf vacum', '/news/leaf-vacuum-final-week'],
  ['cedarvillegov', 'linda haskins', '/council#staff-linda-haskins'],
  ['cedarvillegov', 'water rates', '/services'],
  ['clearpath', 'contrast', '/color-contrast'],
  ['youthreach', 'volunteer mentor', '/programs/mentoring'],
  ['youthreach', 'become a volunteer', '/programs/mentoring'],
];

const WITH_SEARCH = ['cedarvillegov', 'clearpath', 'elenamarsh', 'guardianpest', 'northgatelaw', 'oakridge', 'youthreach'];

/**
 * Words a visitor never reads on the page, only inside its form (a field's kind, a label, a
 * choice): [site, query, the form's page, which must not be found].
 */
export const FORM_ONLY: [string, string, string][] = [
  ...WITH_SEARCH.map((site): [string, string, string] => [site, 'textarea', '/contact']),
  ['cedarvillegov', 'email', '/contact'],
  ['youthreach', 'email', '/contact'],
  ['cedarvillegov', 'licence', '/contact'],
  ['oakridge', 'licence', '/contact'],
  ['cedarvillegov', 'council matter', '/contact'],
  ['oakridge', 'council matter', '/contact'],
  ['cedarvillegov', 'something else', '/contact'],
  // The contact pages lack the word: "contact" is two letters from it, and its form said "contact" (the form's name).
  ...WITH_SEARCH.map((site): [string, string, string] => [site, 'contrast', '/contact']),
];

/** Words on a form's button, which is not the page's text: [site, query], whose snippets must show none of a form's insides. */
export const FORM_BUTTONS: [string, string][] = WITH_SEARCH.flatMap((site): [string, string][] => [
  [site, 'send message'],
  [site, 'your message'],
]);

/** [site, query]: every page holding all the words comes before one holding fewer. */
export const ALL_WORDS_FIRST: [string, string][] = [
  ['clearpath', 'contrast'],
  ['youthreach', 'volunteer'],
  ['youthreach', 'become a volunteer'],
  ['elenamarsh', 'become a volunteer'],
  ['oakridge', 'volunteer'],
  ['clearpath', 'keyboard contrast'],
];
