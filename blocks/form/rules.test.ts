/**
 * The browser and the server judge an answer alike. The browser runs checkField on the answers
 * as the form reads them from its controls; the server turns the post into answers with coerce and
 * checks them against submissionSchema, compiled by ajv as the server compiles it. For generated
 * answers, good and bad, the same fields must be wrong on both sides, over the fleet's own forms
 * and over generated form definitions, whether the form is sent by its script (the answers as they
 * are) or by the browser itself (line breaks sent as CR LF).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { blocksIn } from '../../runtime/config/blocks-in.ts';
import { addDays } from '../../runtime/services/time.ts';
import { withDates } from '../kits/fields/dates.ts';
import { checkField, coerce, defaultMax, outOfRange, submissionSchema } from '../kits/fields/rules.ts';
import { FIELD_KINDS } from '../kits/fields/schema.ts';
import { allFields, type FormField } from './schema.ts';

/** The day the forms are filled in: date bounds such as "today" and "+7d" are read for it. */
const TODAY = '2026-06-15';

/** As runtime/config/actions.ts compiles every block's body schema. */
const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new Map<string, ValidateFunction>();
function validatorFor(fields: FormField[]): ValidateFunction {
  const schema = submissionSchema(fields);
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = ajv.compile(schema)));
  return validate;
}

/** What a visitor left in one control: text, the ticked options, or whether a box is ticked. */
type Control = string | string[] | boolean;
type Filled = Record<string, Control>;

/** The fields the form reads and the server checks as answers (files are checked apart, from their bytes). */
const answered = (fields: FormField[]) => fields.filter((f) => f.kind !== 'file');

/**
 * The value a control holds for what was typed into it: a textarea keeps line breaks as LF, a
 * one-line box drops them (as browsers do). Nothing else is cleaned: numbers and dates that a
 * browser's own box would refuse are kept, as a robot could send them.
 */
function controlValue(f: FormField, typed: string): string {
  return f.kind === 'textarea' ? typed.replace(/\r\n?/g, '\n') : typed.replace(/[\r\n]/g, '');
}

/** Which fields the browser finds wrong: checkField on the values as the form's readForm reads them. */
function browserVerdict(fields: FormField[], filled: Filled): string[] {
  const wrong: string[] = [];
  for (const f of answered(fields)) {
    const raw = filled[f.name];
    const value =
      f.kind === 'checkboxes' ? (raw as string[]) : f.kind === 'checkbox' || f.kind === 'consent' ? raw === true : controlValue(f, String(raw ?? '')).trim();
    if (checkField(f, value) !== undefined) wrong.push(f.name);
  }
  return wrong.sort();
}

/** The post as the browser sends it: an empty text box is sent empty, an unticked box and an unchosen radio not at all. */
function postBody(fields: FormField[], filled: Filled, lineBreaks: 'as-typed' | 'crlf'): Record<string, unknown> {
  const body: Record<string, unknown> = { _form: 'generated', _t: 'a-token' };
  for (const f of answered(fields)) {
    const raw = filled[f.name];
    if (f.kind === 'checkboxes') {
      const ticked = raw as string[];
      // A body parser gives one value as a string, several as a list.
      if (ticked.length) body[f.name] = ticked.length === 1 ? ticked[0] : ticked;
    } else if (f.kind === 'checkbox' || f.kind === 'consent') {
      if (raw === true) body[f.name] = 'on';
    } else if (f.kind === 'radio') {
      if (raw !== '') body[f.name] = raw;
    } else {
      const value = controlValue(f, String(raw));
      body[f.name] = lineBreaks === 'crlf' ? value.replace(/\n/g, '\r\n') : value;
    }
  }
  return body;
}

/** Which fields the server finds wrong, from ajv's errors as the form's action reads them. */
function serverVerdict(fields: FormField[], body: Record<string, unknown>): string[] {
  const validate = validatorFor(fields);
  const answers = coerce(fields, body);
  // Dates outside their bounds, which the server checks beside the schema (they move with the day).
  const wrong = new Set<string>(Object.keys(outOfRange(fields, answers)));
  if (validate(answers)) return [...wrong].sort();
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'additionalProperties') wrong.add(`extra:${String((error.params as { additionalProperty: string }).additionalProperty)}`);
    else
      wrong.add(
        error.keyword === 'required' ? String((error.params as { missingProperty: string }).missingProperty) : (error.instancePath.split('/')[1] ?? ''),
      );
  }
  return [...wrong].sort();
}

// ---- answers ---------------------------------------------------------------------------------

const EMOJI = '😀';
const someText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '   ',
    'Nia Brooks',
    '  padded  ',
    'a < b',
    '<b>bold</b>',
    '<3',
    'x</p>',
    '<!-- x -->',
    'two\nlines',
    'three\r\nlines\r\n',
    'tab\there',
    `${EMOJI}${EMOJI}`,
    'é'.normalize('NFD'),
  ),
);

/** Text of about the length where a limit starts to matter: at it, one under, one over, in letters or in emoji. */
const nearLength = (n: number) =>
  fc.tuple(fc.integer({ min: Math.max(0, n - 2), max: n + 2 }), fc.constantFrom('x', EMOJI, 'é', 'a\n')).map(([k, unit]) => {
    const text = unit.repeat(k);
    return unit === 'a\n' ? text.slice(0, Math.max(k, 1)) : text;
  });

function textAnswer(f: FormField): fc.Arbitrary<string> {
  const kinds: fc.Arbitrary<string>[] = [someText, nearLength(defaultMax(f))];
  if (f.minLength) kinds.push(nearLength(f.minLength));
  if (f.kind === 'email')
    kinds.push(
      fc.constantFrom('nia@example.com', ' nia@example.com ', 'not-an-address', 'a@b', 'a@b.c', 'a b@c.de', 'a@@b.co', '<a@b.co>', 'ü@exämple.com'),
      fc.emailAddress(),
    );
  if (f.kind === 'phone')
    kinds.push(fc.constantFrom('(555) 555-0142', '+1 555 555 0142', '555-0142', 'call us', '12345', '(555) 555-0142 ext', '+44 20 7946 0958'));
  if (f.kind === 'date') kinds.push(fc.constantFrom('2026-06-15', '2026-6-15', '15/06/2026', '2026-13-45', ' 2026-06-15 ', '20260615'));
  for (const edge of f.kind === 'date' ? [f.min, f.max] : [])
    if (typeof edge === 'string') kinds.push(fc.constantFrom(addDays(edge, -1), edge, addDays(edge, 1), ` ${edge}`));
  if (f.kind === 'time') kinds.push(fc.constantFrom('14:30', '09:05', '00:00', '23:59', '24:00', '9:05', '14:30:00', '2pm', ' 14:30 ', '14h30'));
  if (f.kind === 'number') {
    kinds.push(
      fc.constantFrom('0', '-1', '3.5', '1e3', '0x10', 'abc', 'Infinity', '-Infinity', 'NaN', '5 ', ' 7', '1,5', '12abc', '+4', '.5'),
      fc.double({ noNaN: true, min: -1e6, max: 1e6 }).map(String),
      fc.integer({ min: -20, max: 120 }).map(String),
    );
    for (const edge of [f.min, f.max])
      if (typeof edge === 'number') kinds.push(fc.constantFrom(String(edge), String(edge - 1), String(edge + 1), String(edge - 0.5), String(edge + 0.5)));
  }
  if (f.pattern && !f.pattern.includes('\\p')) kinds.push(fc.stringMatching(new RegExp(f.pattern), { size: 'xsmall' }));
  return fc.oneof(...kinds);
}

function answerFor(f: FormField): fc.Arbitrary<Control> {
  const options = f.options ?? [];
  switch (f.kind) {
    case 'checkbox':
    case 'consent':
      return fc.boolean();
    case 'checkboxes':
      return fc.oneof(
        fc.subarray(options),
        // Ticked boxes send their option (never empty), once each; a robot may send anything.
        fc.array(fc.constantFrom(...options, 'Not an option', ` ${options[0] ?? ''}`), { maxLength: 4 }),
      );
    case 'select':
    case 'radio':
      return fc.oneof(fc.constantFrom(...options), fc.constantFrom('', 'Not an option', ` ${options[0] ?? ''} `), someText);
    default:
      return textAnswer(f);
  }
}

const filledIn = (fields: FormField[]) => fc.record(Object.fromEntries(answered(fields).map((f) => [f.name, answerFor(f)])));

// ---- forms -----------------------------------------------------------------------------------

const SITES = fileURLToPath(new URL('../../sites/', import.meta.url));

/** Every form block in the fleet's site files, as written. */
function fleetForms(): { where: string; fields: FormField[] }[] {
  const forms: { where: string; fields: FormField[] }[] = [];
  for (const prefix of readdirSync(SITES).sort()) {
    const data: unknown = parse(readFileSync(`${SITES}${prefix}/site.yaml`, 'utf8'), { merge: true });
    for (const { block } of blocksIn(data)) {
      if (block.type === 'form') forms.push({ where: `${prefix} form "${String(block.form)}"`, fields: withDates(allFields(block), TODAY) });
    }
  }
  return forms;
}

const optionText = fc.oneof(
  fc.constantFrom('Leak', 'Quote', 'Other', 'Yes', 'No', 'Mon–Fri', 'Kids (5–12)', 'Café', `${EMOJI} party`, 'A, B or C'),
  fc.string({ minLength: 1, maxLength: 12 }),
);
const PATTERNS = ['^[0-9]{5}$', '^[A-Z]{2}[0-9]{2,4}$', '[a-z]', '^\\p{Lu}', '^(?:yes|no)$', '^\\S+$', '^.{3}$'];

/** A generated question of any kind but file, with the limits and options the site schema allows. */
const generatedField = (name: string): fc.Arbitrary<FormField> =>
  fc
    .record(
      {
        kind: fc.constantFrom(...FIELD_KINDS.filter((k) => k !== 'file'), undefined),
        required: fc.boolean(),
        minLength: fc.integer({ min: 1, max: 12 }),
        maxLength: fc.integer({ min: 1, max: 40 }),
        min: fc.integer({ min: -10, max: 50 }),
        span: fc.integer({ min: 0, max: 100 }),
        pattern: fc.constantFrom(...PATTERNS),
        options: fc.uniqueArray(optionText, { minLength: 1, maxLength: 5 }),
        first: fc.constantFrom('2026-06-10', 'today', '-3d', '+2d'),
        last: fc.constantFrom('2026-06-20', 'today', '+7d'),
      },
      { requiredKeys: ['kind', 'required', 'options'] },
    )
    .map(({ kind, required, minLength, maxLength, min, span, pattern, options, first, last }) => {
      const f: FormField = { name, label: `Question ${name}?`, required } as FormField;
      if (kind) f.kind = kind;
      const textual = ['text', 'email', 'phone', 'textarea', 'date', 'time', undefined].includes(kind);
      if (textual && maxLength !== undefined) f.maxLength = Math.max(maxLength, minLength ?? 1);
      if (textual && minLength !== undefined) f.minLength = minLength;
      if ((kind === 'text' || kind === undefined) && pattern) f.pattern = pattern;
      if (kind === 'number') {
        if (min !== undefined) f.min = min;
        if (span !== undefined) f.max = (min ?? 0) + span;
      }
      if (kind === 'select' || kind === 'radio' || kind === 'checkboxes') f.options = options;
      if (kind === 'date' && first !== undefined) f.min = first;
      if (kind === 'date' && last !== undefined) f.max = last;
      // Both sides read a date's bounds as dates, for the day the page was made.
      return withDates([f], TODAY)[0] as FormField;
    });

const generatedForm = fc.integer({ min: 1, max: 5 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => generatedField(`q${i}`))));

// ---- the property ----------------------------------------------------------------------------

interface Tally {
  good: number;
  bad: number;
}

/** Both sides on one set of answers, sent both ways; counts the answers all agree are good or bad. */
function agree(fields: FormField[], filled: Filled, tally: Tally) {
  const browser = browserVerdict(fields, filled);
  for (const lineBreaks of ['as-typed', 'crlf'] as const) {
    const server = serverVerdict(fields, postBody(fields, filled, lineBreaks));
    expect(server, `sent ${lineBreaks === 'crlf' ? 'by the browser (CR LF line breaks)' : 'by the script'}: ${JSON.stringify(filled)}`).toEqual(browser);
  }
  if (browser.length) tally.bad++;
  else tally.good++;
}

describe('the browser rules and the server schema', () => {
  const forms = fleetForms();

  it('finds the forms of the fleet', () => {
    expect(forms.length).toBeGreaterThan(100);
    expect(new Set(forms.flatMap((f) => f.fields.map((x) => x.kind ?? 'text')))).toEqual(
      new Set(['text', 'email', 'phone', 'textarea', 'number', 'date', 'time', 'select', 'radio', 'checkboxes', 'checkbox', 'consent', 'file']),
    );
  });

  it('agree on generated answers to every form of the fleet', () => {
    const tally: Tally = { good: 0, bad: 0 };
    for (const { where, fields } of forms) {
      try {
        fc.assert(
          fc.property(filledIn(fields), (filled) => agree(fields, filled, tally)),
          { numRuns: 25, seed: 20260615 },
        );
      } catch (error) {
        throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
      }
    }
    expect(tally.good + tally.bad).toBeGreaterThan(forms.length * 20);
    expect(tally.bad).toBeGreaterThan(50);
  });

  it('agree on good answers to every form of the fleet', () => {
    // Random answers are mostly wrong somewhere: these are right everywhere, so "good" is tried too.
    const tally: Tally = { good: 0, bad: 0 };
    for (const { where, fields } of forms) {
      const filled: Filled = {};
      for (const f of answered(fields)) filled[f.name] = goodAnswer(f);
      try {
        agree(fields, filled, tally);
      } catch (error) {
        throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
      }
    }
    expect(tally.good).toBe(forms.length);
  });

  it('agree on generated answers to generated forms', () => {
    const tally: Tally = { good: 0, bad: 0 };
    fc.assert(
      fc.property(
        generatedForm.chain((fields) => fc.tuple(fc.constant(fields), filledIn(fields))),
        ([fields, filled]) => agree(fields, filled, tally),
      ),
      { numRuns: 1500, seed: 20260615 },
    );
    expect(tally.good).toBeGreaterThan(50);
    expect(tally.bad).toBeGreaterThan(50);
  });
});

/** An answer for each pattern the fleet's forms use. */
const MATCHING: Record<string, string> = { '^[0-9]{5}$': '02134' };

/** An answer every rule of the field takes. */
function goodAnswer(f: FormField): Control {
  switch (f.kind) {
    case 'checkbox':
    case 'consent':
      return true;
    case 'checkboxes':
      return [f.options?.[0] ?? ''];
    case 'select':
    case 'radio':
      return f.options?.[0] ?? '';
    case 'number':
      return String(f.min ?? f.max ?? 1);
    case 'email':
      return 'nia@example.com';
    case 'phone':
      return '(555) 555-0142';
    case 'date':
      return '2026-06-15';
    case 'time':
      return '14:30';
    default:
      if (f.pattern) {
        const known = MATCHING[f.pattern];
        if (!known) throw new Error(`no good answer known for the pattern ${f.pattern} of ${f.name}: add one to MATCHING`);
        return known;
      }
      return 'x'.repeat(f.minLength ?? 1);
  }
}
