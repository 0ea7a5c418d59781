/** Edit distance (insertions, deletions, substitutions, swaps of neighbours). */
export function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** No name a document uses is longer: a longer word is not a typo of one. */
const MAX_SUGGESTED_LENGTH = 120;

/** The candidate closest to what was written, when it is close enough to be a likely typo. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  const limit = Math.max(2, Math.floor(word.length / 3));
  // Lengths further apart than the limit cannot be a typo (the distance is at least their difference):
  // skipping them keeps a written value of any length from costing more than a glance.
  if (word.length > MAX_SUGGESTED_LENGTH) return undefined;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const score = distance(lower, candidate.toLowerCase());
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best !== undefined && bestScore <= limit ? best : undefined;
}

export const didYouMean = (word: string, candidates: Iterable<string>): string => {
  const match = closest(word, candidates);
  return match ? ` Did you mean "${match}"?` : '';
};

/** The choices, with the likely one first when the author's word is close to one. */
export function choices(word: string, options: readonly string[], quote = (o: string) => o): string {
  const near = nearest(word, options);
  const list = options.map(quote).join(', ');
  return near ? `did you mean ${quote(near) === near ? `"${near}"` : quote(near)}? The choices are: ${list}.` : `use one of: ${list}.`;
}

/**
 * Words authors use for things the schema names otherwise, by meaning: a yoga studio is a
 * "fitness" site, a phone field is "tel". Each maps to the names it may mean; only those
 * among the choices at hand are suggested.
 */
const SYNONYMS: Record<string, readonly string[]> = {
  // Kinds of organisation.
  studio: ['fitness', 'yoga-studio', 'photography', 'tattoo-studio'],
  yoga: ['fitness', 'yoga-studio'],
  pilates: ['fitness', 'yoga-studio'],
  gym: ['fitness'],
  crossfit: ['fitness'],
  fitness: ['fitness'],
  barber: ['salon', 'barber'],
  barbershop: ['salon', 'barber'],
  hairdresser: ['salon'],
  hair: ['salon'],
  beauty: ['salon'],
  spa: ['salon'],
  nails: ['salon'],
  dental: ['dentist'],
  dentistry: ['dentist'],
  orthodontist: ['dentist'],
  doctor: ['medical-clinic', 'clinic'],
  clinic: ['medical-clinic', 'clinic'],
  physio: ['medical-clinic', 'clinic'],
  physiotherapy: ['medical-clinic', 'clinic'],
  medical: ['medical-clinic'],
  vet: ['veterinary'],
  animal: ['veterinary', 'pet-care'],
  pet: ['pet-care', 'veterinary'],
  groomer: ['pet-care', 'veterinary'],
  lawyer: ['law-firm'],
  attorney: ['law-firm'],
  legal: ['law-firm'],
  solicitor: ['law-firm'],
  accounting: ['accountant'],
  bookkeeping: ['accountant'],
  tax: ['accountant'],
  cpa: ['accountant'],
  realtor: ['real-estate'],
  realty: ['real-estate'],
  estate: ['real-estate'],
  property: ['real-estate', 'property-management'],
  coffee: ['cafe'],
  coffeeshop: ['cafe'],
  patisserie: ['bakery'],
  diner: ['restaurant'],
  bistro: ['restaurant'],
  pizzeria: ['restaurant'],
  pub: ['restaurant'],
  bar: ['restaurant'],
  plumbing: ['plumber'],
  electric: ['electrician'],
  electrical: ['electrician'],
  cleaning: ['house-cleaning'],
  cleaner: ['house-cleaning'],
  garden: ['landscaping'],
  gardening: ['landscaping'],
  lawn: ['landscaping'],
  roofer: ['roofing'],
  heating: ['hvac'],
  cooling: ['hvac'],
  mover: ['moving'],
  removals: ['moving'],
  photographer: ['photography'],
  photo: ['photography'],
  tattoo: ['tattoo-studio'],
  church: ['place-of-worship', 'community-organization'],
  club: ['club', 'community-organization'],
  society: ['club', 'community-organization'],
  association: ['community-organization'],
  nonprofit: ['charity', 'community-organization'],
  foundation: ['charity'],
  council: ['town-government'],
  municipality: ['town-government'],
  city: ['town-government', 'locality'],
  // Keys.
  town: ['locality'],
  village: ['locality'],
  zip: ['postalCode'],
  zipcode: ['postalCode'],
  postcode: ['postalCode'],
  state: ['region'],
  county: ['region'],
  province: ['region'],
  mechanic: ['auto-repair'],
  garage: ['auto-repair'],
  car: ['auto-repair'],
  shop: ['retail'],
  store: ['retail'],
  boutique: ['retail'],
  school: ['school', 'tutoring', 'youth-organization'],
  tutor: ['tutoring', 'school'],
  tours: ['tour-operator', 'winery-tours'],
  tour: ['tour-operator', 'winery-tours'],
  venue: ['events-venue', 'event-venue'],
  // Kinds of form field.
  telephone: ['phone'],
  tel: ['phone'],
  mobile: ['phone'],
  mail: ['email'],
  'e-mail': ['email'],
  dropdown: ['select'],
  choice: ['select', 'radio'],
  paragraph: ['textarea'],
  message: ['textarea'],
  multiline: ['textarea'],
  longtext: ['textarea'],
  tickbox: ['checkbox'],
  boolean: ['checkbox', 'toggle'],
  upload: ['file'],
  attachment: ['file'],
  datetime: ['date'],
  hour: ['time'],
  clock: ['time'],
  integer: ['number'],
  amount: ['number'],
};

const stripQuotes = (word: string) => word.replace(/^[“”‘’„«»"']+|[“”‘’„«»"']+$/g, '');

/** The candidate meant by a word: the same word in curly quotes, a near spelling, or a word of the same meaning. */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  const options = [...candidates];
  const bare = stripQuotes(word);
  if (bare !== word && options.includes(bare)) return bare;
  const near = closest(bare, options);
  if (near) return near;
  if (bare.length > MAX_SUGGESTED_LENGTH) return undefined;
  const lower = bare.toLowerCase();
  for (const token of [lower, ...lower.split(/[-_\s]+/)]) {
    // An own entry only: a word such as "constructor" must not reach the object's prototype.
    const meant = (Object.hasOwn(SYNONYMS, token) ? SYNONYMS[token] : undefined)?.find((s) => options.includes(s));
    if (meant) return meant;
  }
  return undefined;
}

/** A value as it would be typed in YAML, quoted where YAML would otherwise misread it. */
export function yamlValue(value: unknown): string {
  const text = String(value);
  return typeof value === 'string' && /^[#&*!|>'"%@`{[\]]|: | #|^\d+:\d+$|^(true|false|yes|no|null)$|^[\d.]+$/.test(text) ? `"${text}"` : text;
}
