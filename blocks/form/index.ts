import { publicPath } from '../../runtime/render/page-path.ts';
import { fillTemplate } from '../../runtime/render/items.ts';
import { renderMarkdown } from '../../runtime/render/markdown.ts';
import { siteHref } from '../../runtime/render/context.tsx';
import { defineBlock, type BlockIssue } from '../contract.ts';
import { formAction } from './action.ts';
import { Form } from './Form.tsx';
import { allFields, formProps, type FormProps } from './schema.ts';
import { fieldIssues } from '../kits/fields/check.ts';
import { addDays, zonedTimeToUtc } from '../../runtime/services/time.ts';
import { isRelative, todayIn } from '../kits/fields/dates.ts';
import { countsPlaces, loadPlaces, placesLeft } from './places.ts';
import { inboxBoard } from './desk/inbox.ts';
import { newsletterBoard } from './desk/newsletter.ts';
import { updatesBoard } from './desk/updates.ts';
import { registrationsBoard } from './desk/registrations.ts';
import { formRecords } from './records.ts';

export const form = defineBlock({
  type: 'form',
  title: 'Form',
  description:
    'A form visitors fill in and send: a message, a quote request, an application, a registration or a newsletter sign-up. Answers are checked, stored, and e-mailed to the site owner.',
  props: formProps,
  Component: Form,
  island: { module: './Form.tsx', export: 'Form' },
  collectionFromPage: false,
  perRequest: ['token'],
  noStore: (props) => Boolean(props.personal),
  load: loadPlaces,
  fresh: countsPlaces,
  action: formAction,
  records: formRecords,
  namedBy: { key: 'form', why: 'their submissions would be stored, counted and exported as one' },
  retain: (props) =>
    props.retainDays
      ? (['submissions', 'registrations'] as const).map((kind) => ({ kind, where: { form: props.form }, days: props.retainDays as number }))
      : [],
  // The inbox first: it is the desk's first page.
  deskBoards: [inboxBoard, registrationsBoard, newsletterBoard, updatesBoard],
  changesAt(props, site, now) {
    if (!allFields(props).some((f) => f.kind === 'date' && (isRelative(f.min) || isRelative(f.max)))) return undefined;
    // Today's dates hold until the site's next midnight.
    const timeZone = site.data.site.timeZone ?? 'UTC';
    return zonedTimeToUtc(addDays(todayIn(now, timeZone), 1), '00:00', timeZone);
  },
  islandProps(props, ctx) {
    // After a refused post: the visitor's answers and messages; after a good one (?sent=<form>): the thank-you note.
    const posted = ctx.visitor.posted?.key === props.form ? ctx.visitor.posted.state : undefined;
    const state = posted ?? (ctx.query.sent === props.form ? { sent: true } : undefined);
    const dates = allFields(props).filter((f) => f.kind === 'date' && (f.min !== undefined || f.max !== undefined));
    const timeZone = ctx.site.data.site.timeZone ?? 'UTC';
    const left = placesLeft(props, ctx);
    return {
      // Date bounds are said in the site's language; one that moves with the day is worked out for today in
      // the site's zone. A page of a static export cannot know its day: its script reads it in the browser.
      ...(dates.length ? { locale: ctx.site.data.site.language } : {}),
      ...(dates.some((f) => isRelative(f.min) || isRelative(f.max))
        ? { timeZone, ...(ctx.exported ? {} : { today: todayIn(ctx.now ?? Date.now(), timeZone) }) }
        : {}),
      // A static export posts to the Sitewright server at its API origin; a served page to itself.
      action: `${ctx.actionOrigin ?? ''}${publicPath(ctx.site.prefix, ctx.target.path)}`,
      token: ctx.visitor.token,
      introHtml: props.intro
        ? renderMarkdown(fillTemplate(props.intro, { ...ctx.target.item?.data, slug: ctx.target.item?.slug }), (h) => siteHref(ctx.site.prefix, h))
        : undefined,
      ...(state ? { state } : {}),
      ...(left !== undefined ? { left } : {}),
    };
  },
  example: {
    form: 'contact',
    heading: 'Send us a message',
    intro: 'We reply within one working day. For emergencies, please call.',
    fields: [
      { name: 'fullName', label: 'Your name', kind: 'text', required: true },
      { name: 'email', label: 'E-mail', kind: 'email', required: true },
      { name: 'phone', label: 'Phone', kind: 'phone', required: false, help: 'If you would rather we called you back.' },
      {
        name: 'topic',
        label: 'What is it about?',
        kind: 'select',
        required: true,
        options: ['A new appointment', 'A question about a bill', 'Something else'],
      },
      { name: 'message', label: 'Your message', kind: 'textarea', required: true, minLength: 10 },
    ],
    submit: 'Send message',
    success: 'Thank you — your message has been sent. We will reply within one working day.',
    purpose: 'message',
    full: 'Sorry, this is full: every place has been taken.',
    repeats: false,
    personal: false,
  },
  check(props) {
    const issues: BlockIssue[] = [];
    if (!props.fields && !props.sections) {
      issues.push({
        path: [],
        target: 'key',
        code: 'SW_MISSING_KEY',
        detail: 'The form has no questions.',
        fix: 'add "fields:" with at least one question (or "sections:" for a long form).',
      });
    }
    const where = (name: string) => {
      const direct = props.fields?.findIndex((f) => f.name === name) ?? -1;
      if (direct >= 0) return ['fields', direct];
      for (const [s, section] of (props.sections ?? []).entries()) {
        const i = section.fields.findIndex((f) => f.name === name);
        if (i >= 0) return ['sections', s, 'fields', i];
      }
      return [];
    };
    const seen = new Set<string>();
    for (const field of allFields(props)) {
      const at = where(field.name);
      if (seen.has(field.name)) {
        issues.push({
          path: [
            ...at.slice(0, -1),
            [...(props.fields ?? []), ...(props.sections ?? []).flatMap((s) => s.fields)].filter((f) => f.name === field.name).length > 1
              ? (at[at.length - 1] as number)
              : 0,
            'name',
          ],
          code: 'SW_DUPLICATE_NAME',
          detail: `Two questions are called "${field.name}".`,
          fix: 'give every question its own name: the answers are stored under it.',
        });
      }
      seen.add(field.name);
      issues.push(...fieldIssues(field, at));
    }
    if (props.purpose === 'registration' && !props.capacity) {
      issues.push({
        path: [],
        target: 'key',
        code: 'SW_MISSING_KEY',
        detail: 'A registration form needs to know how many places there are.',
        fix: 'add "capacity:" with the number of places.',
      });
    }
    if (props.capacity && props.purpose !== 'registration') {
      issues.push({
        path: ['capacity'],
        target: 'key',
        code: 'SW_NOT_ALLOWED',
        detail: `"capacity" counts places, so it only applies to a registration form; this one is a ${props.purpose ?? 'message'} form.`,
        fix: 'add "purpose: registration", or remove "capacity".',
      });
    }
    if (props.autoReply) issues.push(...autoReplyIssues(props));
    if (props.purpose === 'newsletter' && !allFields(props).some((f) => f.kind === 'email')) {
      issues.push({
        path: [],
        target: 'key',
        code: 'SW_MISSING_KEY',
        detail: 'A newsletter form needs an e-mail question: the confirmation link is sent there.',
        fix: 'add a field with "kind: email".',
      });
    }
    return issues;
  },
});

/**
 * An automatic reply goes to the address typed into the form, so the form needs an e-mail question;
 * and it names the site at most: a placeholder for an answer would let anyone mail any text to anyone.
 */
function autoReplyIssues(props: FormProps): BlockIssue[] {
  const issues: BlockIssue[] = [];
  if (props.purpose === 'newsletter')
    issues.push({
      path: ['autoReply'],
      target: 'key',
      code: 'SW_NOT_ALLOWED',
      detail: 'A newsletter form already e-mails the visitor: the link that confirms the subscription.',
      fix: 'remove "autoReply".',
    });
  else if (!allFields(props).some((f) => f.kind === 'email'))
    issues.push({
      path: ['autoReply'],
      target: 'key',
      code: 'SW_MISSING_KEY',
      detail: `The reply goes to the address the visitor types, but the form "${props.form}" has no e-mail question.`,
      fix: allFields(props).some((f) => f.name === 'email')
        ? 'make the question "email" an e-mail question: kind: email'
        : `add an e-mail question to ${props.sections ? "a section's" : 'the'} "fields": - { name: email, label: Your e-mail, kind: email, required: true }`,
      ...emailQuestionEdit(props),
    });
  for (const key of ['subject', 'text'] as const) {
    for (const m of (props.autoReply?.[key] ?? '').matchAll(/\{[^{}]*\}/g)) {
      if (m[0] === '{site}') continue;
      issues.push({
        path: ['autoReply', key],
        code: 'SW_NOT_ALLOWED',
        detail: `"${m[0]}" cannot be filled in: an automatic reply never repeats what the visitor typed, since anyone may type anyone's address into the form. Only {site}, the site's name, is filled in.`,
        fix: `remove "${m[0]}", or write {site} for the site's name.`,
      });
    }
  }
  return issues;
}

/** The fix of a reply with nowhere to go: the question called "email" made an e-mail question, or one added to the (first) fields. */
function emailQuestionEdit(props: FormProps): Pick<BlockIssue, 'edit' | 'editRoot' | 'alsoEdit'> {
  const sections = props.sections;
  const fields = sections ? ['sections', 0, 'fields'] : ['fields'];
  const list = sections ? sections[0]?.fields : props.fields;
  const named = list?.findIndex((f) => f.name === 'email') ?? -1;
  if (named >= 0) return { alsoEdit: [{ path: [...fields, named, 'kind'], edit: { value: 'email' } }] };
  if (!list?.length) return {};
  return { alsoEdit: [{ path: fields, edit: { append: 'name: email\nlabel: Your e-mail\nkind: email\nrequired: true' } }] };
}
