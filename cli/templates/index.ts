/**
 * Starting points for `sitewright new`: one per kind of organisation, each a complete site that
 * validates and serves at once, with the owner's name, town and contact details filled in, offered
 * in groups ("Health & care", "Food & drink"…) in the order written here.
 */
import { nearest, termOf } from '../../runtime/config/suggest.ts';
import { accountant } from './accountant.ts';
import { autoRepair } from './auto-repair.ts';
import { bakery } from './bakery.ts';
import { cafe } from './cafe.ts';
import { charity } from './charity.ts';
import { church } from './church.ts';
import { clinic } from './clinic.ts';
import { club } from './club.ts';
import { dental } from './dental.ts';
import { electrician } from './electrician.ts';
import { fitness } from './fitness.ts';
import { homeServices } from './home-services.ts';
import { landscaping } from './landscaping.ts';
import { lawFirm } from './law-firm.ts';
import { personal } from './personal.ts';
import { petCare } from './pet-care.ts';
import { photographer } from './photographer.ts';
import { plumber } from './plumber.ts';
import { professional } from './professional.ts';
import { realEstate } from './real-estate.ts';
import { repairShop } from './repair-shop.ts';
import { restaurant } from './restaurant.ts';
import { salon } from './salon.ts';
import { GROUPS, type Answers, type Group, type Template } from './shared.ts';
import { shop } from './shop.ts';
import { tours } from './tours.ts';
import { town } from './town.ts';
import { tutor } from './tutor.ts';
import { venue } from './venue.ts';
import { yoga } from './yoga.ts';

export const TEMPLATES: Readonly<Record<string, Template>> = {
  dental,
  clinic,
  fitness,
  yoga,
  salon,
  restaurant,
  cafe,
  bakery,
  'home-services': homeServices,
  plumber,
  electrician,
  landscaping,
  shop,
  'auto-repair': autoRepair,
  'repair-shop': repairShop,
  photographer,
  'pet-care': petCare,
  venue,
  tours,
  tutor,
  professional,
  'law-firm': lawFirm,
  accountant,
  'real-estate': realEstate,
  town,
  charity,
  church,
  club,
  personal,
};

export interface TemplateGroup {
  group: Group;
  templates: { name: string; template: Template }[];
}

/** The templates by group, groups in their order and templates in the order of TEMPLATES. */
export function templateGroups(): TemplateGroup[] {
  return GROUPS.map((group) => ({
    group,
    templates: Object.entries(TEMPLATES)
      .filter(([, t]) => t.group === group)
      .map(([name, template]) => ({ name, template })),
  })).filter((g) => g.templates.length);
}

/** Every template name by group, one group a line, for `new --help` and a mistyped name. */
export function groupedList(): string {
  const groups = templateGroups();
  const width = Math.max(...groups.map((g) => g.group.length)) + 2;
  return groups.map((g) => `  ${`${g.group}:`.padEnd(width)}${g.templates.map((t) => t.name).join(', ')}`).join('\n');
}

/** Each template's name and synonyms, in one spelling ("bike shop" as "bike-shop"), to the template they mean. */
function templateWords(): Map<string, string> {
  const words = new Map<string, string>();
  for (const [name, t] of Object.entries(TEMPLATES))
    for (const word of [name, ...(t.synonyms ?? [])]) if (!words.has(termOf(word))) words.set(termOf(word), name);
  return words;
}

/**
 * The template a word for the business most likely means, by meaning before spelling: a name or
 * synonym ("bicycle" → repair-shop), a near spelling of one ("yogaa", "bicyle"), or what most of
 * its parts mean ("cycle-repair"); "bike" is no typo of "bake".
 */
export function likelyTemplate(word: string): string | undefined {
  const words = templateWords();
  const meanings = (term: string) => {
    const name = words.get(term);
    return name ? [name] : undefined;
  };
  return nearest(word, Object.keys(TEMPLATES), { meanings, words: words.keys() });
}

/** What `new` says about a template name it does not know. */
export function unknownTemplate(word: string): string {
  const likely = likelyTemplate(word);
  return `there is no template "${word}".${likely ? ` Did you mean "${likely}" (${TEMPLATES[likely]?.label.toLowerCase()})?` : ''} The templates are:\n${groupedList()}`;
}

export type { Answers, Template };
