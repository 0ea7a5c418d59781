/**
 * A registration's places, read from the store when its page is asked for: a full event says so
 * before anyone fills its form in, not only after they send it. Only a form with a capacity reads
 * them, so every other form's page stays kept and shared.
 */
import { loadedKey } from '../../runtime/render/loaded-key.ts';
import type { RenderContext } from '../../runtime/render/context.tsx';
import type { LoadInput } from '../contract.ts';
import { formAction } from './action.ts';
import type { FormProps } from './schema.ts';

export interface Places {
  taken: number;
}

/** Whether the form counts places: a registration with a capacity. */
export const countsPlaces = (props: FormProps) => props.purpose === 'registration' && Boolean(props.capacity);

export async function loadPlaces({ site, props, services }: LoadInput<FormProps>): Promise<Places | undefined> {
  if (!countsPlaces(props)) return undefined;
  const tenant = await services.store.tenant(site.prefix);
  return { taken: (await tenant.list('registrations', { form: props.form })).length };
}

/** The places left as this request read them; undefined when the form counts none or nothing was read (a static export). */
export function placesLeft(props: FormProps, ctx: RenderContext): number | undefined {
  const places = ctx.visitor.loaded?.[loadedKey({ type: 'form', action: formAction }, props)] as Places | undefined;
  return places && props.capacity ? Math.max(0, props.capacity - places.taken) : undefined;
}
