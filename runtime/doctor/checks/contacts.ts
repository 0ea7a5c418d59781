/** 8. E-mail and phone links that cannot work, and phone numbers written unlike the rest of the site. */
import { describeField } from '../../config/describe.ts';
import { pageName, linkSource, owner, spotText, strings, type Draft, type Exam, type Path } from '../exam.ts';

const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
/** Emergency and service numbers that are short on purpose. */
const SHORT_NUMBERS = new Set(['112', '999', '000', '111', '101', '211', '311', '411', '511', '611', '711', '811', '911', '988']);
const MIN_DIGITS = 7;

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Why a mailto: or tel: link cannot be used, or undefined. */
export function contactLinkFault(href: string): string | undefined {
  const lower = href.toLowerCase();
  if (lower.startsWith('mailto:')) {
    const to = decode(href.slice(7).split('?')[0] as string).trim();
    if (!to) return 'has no e-mail address after "mailto:"';
    const bad = to
      .split(',')
      .map((a) => a.trim())
      .find((a) => !EMAIL.test(a));
    return bad === undefined ? undefined : `"${bad}" is not an e-mail address`;
  }
  if (lower.startsWith('tel:')) {
    // An extension is written ";ext=12" (RFC 3966); pauses and other parameters the same way.
    const number = (decode(href.slice(4)).split(';')[0] as string).trim();
    if (/\p{L}/u.test(number)) return `"${number}" has letters in it, which a phone cannot dial from a link`;
    const digits = number.replace(/\D/g, '');
    if (digits.length < MIN_DIGITS && !SHORT_NUMBERS.has(digits)) return `"${number}" has only ${digits.length} digit${digits.length === 1 ? '' : 's'}`;
  }
  return undefined;
}

/** Phone numbers in running text: groups of digits joined by single spaces, dots or dashes, perhaps "(555)" first. */
const PHONE_IN_TEXT =
  /(?<![\p{L}\p{N}$€£¥#/._+@-])(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,5}\)[ .-]?|\d{2,5}[ .-])(?:\d{2,5}[ .-]){0,3}\d{2,5}(?![\p{L}\p{N}%@]|[.-]\d)/gu;
/** Fields that hold addresses, names of things or machine values, not running text. */
const NOT_TEXT = new Set([
  'phone',
  'email',
  'notify',
  'href',
  'src',
  'url',
  'website',
  'apply',
  'path',
  'slug',
  'type',
  'id',
  'collection',
  'from',
  'groupBy',
  'kind',
  'language',
  'date',
  'updated',
  'posted',
  'closes',
  'opens',
  'start',
  'end',
  'formula',
  'postalCode',
]);

/** Words before a number that say it is something else: "license 2101-58733", "order no. 1234 5678". */
const NOT_A_PHONE =
  /\b(licen[cs]e|lic|permit|registration|reg|account|acct|order|invoice|policy|case|claim|ref|reference|ein|tax id|id|isbn|serial|model|part)\.?\s*(no\.?|number|#)?\s*:?\s*$/i;

const PHONE_WORDS = /\b(call|phone|telephone|tel|text|ring|dial|fax|line|mobile|cell|whatsapp|sms|number|contact|reach)\b/i;

const digitsOf = (s: string) => s.replace(/\D/g, '');
const shapeOf = (s: string) => s.replace(/\d/g, 'n');
/** The digits of one number in the shape of another: "5555550199" as "(nnn) nnn-nnnn". */
const inShape = (digits: string, shape: string) => {
  let i = 0;
  return shape.replace(/n/g, () => digits[i++] ?? '');
};

/** Link targets and web addresses blanked out (same length), so their digits are not read as text. */
const maskLinks = (text: string) =>
  text.replace(/\]\(([^)]*)\)/g, (m) => `](${' '.repeat(m.length - 3)})`).replace(/\b(?:https?:\/\/|mailto:|tel:)\S+/gi, (m) => ' '.repeat(m.length));

function* phoneFields(value: unknown, path: Path): Generator<string> {
  for (const { path: p, value: v } of strings(value, path)) if (p[p.length - 1] === 'phone') yield v;
}

export function contacts(exam: Exam): Draft[] {
  const { site } = exam;
  const root = site.data;
  const drafts: Draft[] = [];

  for (const { target, facts } of [...exam.pages, exam.notFound]) {
    for (const link of facts.links) {
      const fault = contactLinkFault(link.href);
      if (!fault) continue;
      const isMail = link.href.toLowerCase().startsWith('mailto:');
      const digits = digitsOf(link.href);
      const field = isMail ? undefined : [...strings(root, [])].find((s) => s.path[s.path.length - 1] === 'phone' && digitsOf(s.value) === digits);
      const url = pageName(site, target);
      drafts.push({
        code: 'SW_CONTACT_LINK',
        at: linkSource(exam, target, [link.href, decode(link.href)]) ?? (field ? spotText(exam, field.path, field.value) : owner(exam, target)),
        detail: `On ${url}, ${link.text ? `the link "${link.text}"` : 'a link'} goes to ${link.href}, but ${fault}, so ${isMail ? 'no e-mail program can send to it' : 'a phone cannot call it'}.`,
        fix: isMail
          ? `write "mailto:" followed by one e-mail address, such as mailto:${root.site.email ?? 'hello@example.com'}.`
          : `write "tel:" followed by the digits of the number, such as tel:${root.site.phone?.replace(/[^0-9+]/g, '') ?? '+15555550142'}.`,
        address: url,
      });
    }
  }

  // Phone numbers in text, compared with the site's usual way of writing them.
  const own = root.site.phone;
  if (!own) return drafts;
  const length = digitsOf(own).length;
  const found: { path: Path; text: string }[] = [];
  for (const { path, value } of strings(root, [])) {
    const key = [...path].reverse().find((s) => typeof s === 'string');
    if (path[0] === 'theme' || NOT_TEXT.has(key as string) || !/\d/.test(value)) continue;
    for (const m of maskLinks(value).matchAll(PHONE_IN_TEXT)) {
      const before = value.slice(Math.max(0, (m.index ?? 0) - 40), m.index);
      if (digitsOf(m[0]).length !== length || NOT_A_PHONE.test(before)) continue;
      // A phone number by its grouping (the last group has three digits or more), or by the words before it.
      const groups = m[0].match(/\d+/g) ?? [];
      if ((groups[groups.length - 1]?.length ?? 0) < 3 && !PHONE_WORDS.test(before)) continue;
      found.push({ path, text: m[0] });
    }
  }
  const counts = new Map<string, number>();
  for (const shape of [...[...phoneFields(root, [])].filter((p) => digitsOf(p).length === length), ...found.map((f) => f.text)].map(shapeOf)) {
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  const ownShape = shapeOf(own);
  const usual = [...counts].reduce((best, [shape, n]) => (n > (counts.get(best) ?? 0) ? shape : best), ownShape);
  const example = usual === ownShape ? own : inShape(digitsOf(own), usual);
  for (const { path, text } of found) {
    if (shapeOf(text) === usual) continue;
    drafts.push({
      code: 'SW_PHONE_STYLE',
      at: spotText(exam, path, text),
      detail: `The phone number "${text}" in ${describeField(root, path)} is written differently from the rest of the site, which writes numbers like "${example}".`,
      fix: `write it "${inShape(digitsOf(text), usual)}", the way the site writes phone numbers everywhere else.`,
    });
  }
  return drafts;
}
