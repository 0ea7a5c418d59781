/**
 * What a visitor typed or chose in an island before it was hydrated (the touch that loads the
 * script is often the first of several keystrokes). Hydration keeps a field's text on the screen
 * but not in the component's state, which still holds the server's value: the next render would
 * put that back, and results computed from the field would not follow it. So each field changed
 * meanwhile is told to React as the event it missed, as if the visitor had made the change now.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Inputs that hold no answer of their own, or (a file) whose value no script may set. */
const NOT_ANSWERS = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

const fieldsOf = (island: HTMLElement) =>
  [...island.querySelectorAll<Field>('input, textarea, select')].filter((f) => !(f instanceof HTMLInputElement && NOT_ANSWERS.has(f.type)));

const checkable = (f: Field): f is HTMLInputElement => f instanceof HTMLInputElement && (f.type === 'checkbox' || f.type === 'radio');

/** The text of each textarea, taken before hydration: React sets one back to the server's text (when it had some) as it hydrates. */
export function typedBefore(island: HTMLElement): Map<Field, string> {
  return new Map([...island.querySelectorAll('textarea')].map((f) => [f, f.value] as const));
}

/** After hydration has committed: each field whose value differs from the server's, replayed. */
export function replayChanges(island: HTMLElement, before: ReadonlyMap<Field, string>): void {
  for (const field of fieldsOf(island)) {
    if (checkable(field)) replayCheck(field);
    else if (field instanceof HTMLSelectElement) replayChoice(field);
    else replayText(field, before.get(field));
  }
}

/**
 * React notices a change by comparing the field with the value it last saw, which it records
 * through the element's own `value` setter. Setting the server's value that way and the visitor's
 * through the prototype's setter (which it does not watch) leaves the two different, so the
 * input event that follows reaches onChange. Both happen in one task: nothing is painted between.
 */
function replayText(field: HTMLInputElement | HTMLTextAreaElement, typed: string | undefined): void {
  const server = field.defaultValue;
  const now = field.value !== server ? field.value : typed;
  if (now === undefined || now === server) return;
  const focused = document.activeElement === field;
  const [start, end] = focused ? selection(field) : [null, null];
  field.value = server;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, now);
  if (start !== null && end !== null) field.setSelectionRange(start, end);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Where the caret was; number and date fields have none. */
function selection(field: HTMLInputElement | HTMLTextAreaElement): [number | null, number | null] {
  try {
    return [field.selectionStart, field.selectionEnd];
  } catch {
    return [null, null];
  }
}

/** A box ticked or a radio chosen: React hears of those through a click (a plain event, which does not tick the box again). */
function replayCheck(field: HTMLInputElement): void {
  const now = field.checked;
  // A radio the visitor left is reported by the one they chose.
  if (now === field.defaultChecked || (field.type === 'radio' && !now)) return;
  field.checked = !now;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(field, now);
  field.dispatchEvent(new Event('click', { bubbles: true }));
}

/** React reads a select's change event as it comes. */
function replayChoice(field: HTMLSelectElement): void {
  const options = [...field.options];
  const server = field.multiple
    ? undefined
    : Math.max(
        0,
        options.findIndex((o) => o.defaultSelected),
      );
  const changed = field.multiple ? options.some((o) => o.selected !== o.defaultSelected) : field.selectedIndex !== server;
  if (changed) field.dispatchEvent(new Event('change', { bubbles: true }));
}
