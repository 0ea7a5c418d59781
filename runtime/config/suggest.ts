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
  mechanic: ['auto-repair', 'repair-shop'],
  garage: ['auto-repair'],
  car: ['auto-repair'],
  auto: ['auto-repair'],
  bike: ['bicycle-shop', 'repair-shop'],
  bicycle: ['bicycle-shop', 'repair-shop'],
  cycle: ['bicycle-shop', 'repair-shop'],
  cycling: ['bicycle-shop', 'repair-shop'],
  cyclist: ['bicycle-shop', 'repair-shop'],
  ebike: ['bicycle-shop', 'repair-shop'],
  'e-bike': ['bicycle-shop', 'repair-shop'],
  scooter: ['repair-shop', 'bicycle-shop'],
  motorbike: ['motorcycle-repair'],
  motorcycle: ['motorcycle-repair'],
  repair: ['repair-shop', 'auto-repair'],
  workshop: ['repair-shop'],
  lock: ['locksmith'],
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

/** What a word may stand for: the names it means, the likeliest first. */
export type Meanings = (term: string) => readonly string[] | undefined;

// An own entry only: a word such as "constructor" must not reach the object's prototype.
const synonymsOf: Meanings = (term) => (Object.hasOwn(SYNONYMS, term) ? SYNONYMS[term] : undefined);

/** A word in one spelling: lowercase, its words joined by hyphens ("Bike shop", "bike_shop" → "bike-shop"). */
export const termOf = (word: string) =>
  stripQuotes(word)
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

/** A term and its singulars ("bikes" → "bike", "boxes" → "box"), as they are looked up. */
const forms = (term: string) => [
  term,
  ...(term.length > 3 && term.endsWith('s') && !term.endsWith('ss') ? [term.slice(0, -1)] : []),
  ...(term.length > 4 && term.endsWith('es') ? [term.slice(0, -2)] : []),
];

export interface Vocabulary {
  /** What a word means (SYNONYMS, unless given). */
  meanings?: Meanings;
  /** Words the meanings know, matched by spelling too ("bicyle" → "bicycle"), as the candidates are. */
  words?: Iterable<string>;
}

/**
 * The candidate meant by a word, by meaning before spelling: the same word (in curly quotes, other
 * capitals or spaces for hyphens); else what the whole word means ("bike" is no typo of "bake", and
 * "tel" no typo of "text"); else a near spelling of a candidate or of a word the meanings know; else
 * the candidate most of the word's parts mean, the earlier part breaking a tie ("bike-shop").
 */
export function nearest(word: string, candidates: Iterable<string>, vocabulary: Vocabulary = {}): string | undefined {
  const options = [...candidates];
  const bare = stripQuotes(word);
  if (bare.length > MAX_SUGGESTED_LENGTH) return undefined;
  const term = termOf(bare);
  const same = options.find((o) => termOf(o) === term);
  if (same) return same;
  const meanings = vocabulary.meanings ?? synonymsOf;
  const meant = (t: string) =>
    forms(t)
      .flatMap((f) => meanings(f) ?? [])
      .find((m) => options.includes(m));
  const whole = meant(term);
  if (whole) return whole;
  const spelt = closest(bare, [...options, ...(vocabulary.words ?? [])]);
  const bySpelling = spelt && (options.includes(spelt) ? spelt : meant(termOf(spelt)));
  return bySpelling || byParts(term.split('-').filter(Boolean), meant);
}

/** The candidate most of a word's parts mean; on a tie, the one an earlier part means ("car-repair": a car's). */
function byParts(parts: string[], meant: (term: string) => string | undefined): string | undefined {
  if (parts.length < 2) return undefined;
  const votes = new Map<string, number>();
  for (const part of parts) {
    const m = meant(part);
    if (m) votes.set(m, (votes.get(m) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [m, n] of votes) if (!best || n > (votes.get(best) ?? 0)) best = m;
  return best;
}

/** A value as it would be typed in YAML, quoted where YAML would otherwise misread it. */
export function yamlValue(value: unknown): string {
  const text = String(value);
  return typeof value === 'string' && /^[#&*!|>'"%@`{[\]]|: | #|^\d+:\d+$|^(true|false|yes|no|null)$|^[\d.]+$/.test(text) ? `"${text}"` : text;
}
