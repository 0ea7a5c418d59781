/**
 * What the form block keeps for the desk: each form the site shows is a list of records of one
 * kind under its name (a message form's submissions, a registration form's registrations with its
 * places, a newsletter form's contacts). One form shown on two pages is one list.
 */
import { blocksIn } from '../../../runtime/config/blocks-in.ts';
import type { Site } from '../../../runtime/site.ts';
import type { StoredRecord } from '../../../runtime/store/store.ts';
import { allFields, type FormProps } from '../schema.ts';

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
  /** Each question's name and its label, as the document has them now. */
  fields: readonly { name: string; label: string }[];
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
        fields: allFields(props).map((f) => ({ name: f.name, label: f.label })),
      },
    ];
  });
}

/**
 * What the desk calls each answer of a kind's records (one form's, when `form` is given): the
 * question's label as the site's document has it now, which is what the owner wrote and visitors
 * read. The stored name stays where no label tells one answer from another: a question gone from
 * the document, a name two forms label differently, a label two questions share.
 */
export function answerLabels(site: Site, kind: FormKind, form?: string): (name: string) => string {
  const labels = new Map<string, string | undefined>();
  for (const list of formLists(site))
    if (list.kind === kind && (form === undefined || list.name === form))
      for (const { name, label } of list.fields) labels.set(name, labels.has(name) && labels.get(name) !== label ? undefined : label);
  const uses = new Map<string, number>();
  for (const label of labels.values()) if (label !== undefined) uses.set(label, (uses.get(label) ?? 0) + 1);
  return (name) => {
    const label = labels.get(name);
    return label !== undefined && label.trim() && uses.get(label) === 1 ? label : name;
  };
}

export const newestFirst = (records: readonly StoredRecord[]) => [...records].reverse();
