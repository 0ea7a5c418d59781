/**
 * What the form block keeps for the desk: each form the site shows is a list of records of one
 * kind under its name (a message form's submissions, a registration form's registrations with its
 * places, a newsletter form's contacts). One form shown on two pages is one list.
 */
import { blocksIn } from '../../../runtime/config/blocks-in.ts';
import type { Site } from '../../../runtime/site.ts';
import type { StoredRecord } from '../../../runtime/store/store.ts';
import type { FormProps } from '../schema.ts';

/** The kinds of record a form writes: what visitors sent, registrations, newsletter contacts. */
export type FormKind = 'submissions' | 'registrations' | 'contacts';

/** One form's list on the desk. */
export interface FormList {
  kind: FormKind;
  name: string;
  /** Personal data (an application): each reading of one record is kept in the desk's activity list. */
  personal: boolean;
  /** Registrations: the places there are. */
  capacity?: number;
}

const kindOf = (props: FormProps): FormKind =>
  props.purpose === 'registration' ? 'registrations' : props.purpose === 'newsletter' ? 'contacts' : 'submissions';

/** The lists of the forms a site shows, in the order it shows them. */
export function formLists(site: Site): FormList[] {
  return [...blocksIn(site.data)].flatMap(({ block }) => {
    if (block.type !== 'form') return [];
    const props = block as unknown as FormProps;
    return [
      {
        kind: kindOf(props),
        name: props.form,
        personal: Boolean(props.personal),
        ...(props.purpose === 'registration' ? { capacity: props.capacity ?? 0 } : {}),
      },
    ];
  });
}

export const newestFirst = (records: readonly StoredRecord[]) => [...records].reverse();
