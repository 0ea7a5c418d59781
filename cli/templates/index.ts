/**
 * Starting points for `sitewright new`: one per vertical, each a complete site that validates
 * and serves at once, with the owner's name, town and contact details filled in.
 */
import type { OrganizationKind } from '../../schema/kinds.ts';
import { charity } from './charity.ts';
import { dental } from './dental.ts';
import { homeServices } from './home-services.ts';
import { personal } from './personal.ts';
import { professional } from './professional.ts';
import { restaurant } from './restaurant.ts';
import type { Answers } from './shared.ts';
import { town } from './town.ts';

export interface Template {
  label: string;
  hint: string;
  kind: OrganizationKind;
  build(answers: Answers): Record<string, unknown>;
}

export const TEMPLATES: Record<string, Template> = {
  dental,
  'home-services': homeServices,
  restaurant,
  town,
  charity,
  professional,
  personal,
};

export type { Answers };
