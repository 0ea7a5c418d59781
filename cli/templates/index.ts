/**
 * Starting points for `sitewright new`: one per kind of organisation, each a complete site that
 * validates and serves at once, with the owner's name, town and contact details filled in, offered
 * in groups ("Health & care", "Food & drink"…) in the order written here.
 */
import { closest } from '../../runtime/config/suggest.ts';
import { charity } from './charity.ts';
import { dental } from './dental.ts';
import { homeServices } from './home-services.ts';
import { personal } from './personal.ts';
import { professional } from './professional.ts';
import { restaurant } from './restaurant.ts';
import { GROUPS, type Answers, type Group, type Template } from './shared.ts';
import { town } from './town.ts';

export const TEMPLATES: Readonly<Record<string, Template>> = {
  dental,
  restaurant,
  'home-services': homeServices,
  professional,
  town,
  charity,
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

/** The template a mistyped name or another word for the business most likely means ("yogaa", "barber"). */
export function likelyTemplate(word: string): string | undefined {
  const lower = word.toLowerCase();
  const names = new Map<string, string>();
  for (const [name, t] of Object.entries(TEMPLATES)) {
    names.set(name, name);
    for (const alias of t.aliases ?? []) names.set(alias, name);
  }
  const exact = names.get(lower);
  if (exact) return exact;
  const near = closest(lower, names.keys());
  return near && names.get(near);
}

/** What `new` says about a template name it does not know. */
export function unknownTemplate(word: string): string {
  const likely = likelyTemplate(word);
  return `there is no template "${word}".${likely ? ` Did you mean "${likely}" (${TEMPLATES[likely]?.label.toLowerCase()})?` : ''} The templates are:\n${groupedList()}`;
}

export type { Answers, Template };
