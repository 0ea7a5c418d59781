/**
 * The checks of a picture where the site uses it (a hero, a card, a logo, a gallery photo): that
 * its file is there, is served, is a picture at all, and that a width and height written beside
 * it fit the file. Each problem points at the `src`, `width` or `height` to change.
 */
import { describeObject } from './describe.ts';
import { endingsOf, type MediaFacts } from './media.ts';
import type { PendingProblem } from './problem.ts';
import type { Ref } from './refs.ts';
import { nearest } from './suggest.ts';

const PICTURES = 'a JPEG, PNG, WebP, AVIF, GIF or SVG file';

/** A MIME type as an author would say it: "a PNG picture", "a PDF document", "a font (WOFF2)". */
export function typeWords(type: string): string {
  const ending = endingsOf(type)[0]?.toUpperCase() ?? type.split('/')[1]?.toUpperCase() ?? type;
  const named = type === 'image/jpeg' ? 'JPEG' : ending;
  if (type.startsWith('image/')) return `a ${named} picture`;
  if (type === 'application/pdf') return 'a PDF document';
  if (type.startsWith('font/')) return `a font (${named})`;
  if (type.startsWith('audio/')) return `a sound file (${named})`;
  if (type.startsWith('video/')) return `a video (${named})`;
  return `a ${type} file`;
}

const get = (root: unknown, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((node, seg) => (node && typeof node === 'object' ? (node as Record<string | number, unknown>)[seg] : undefined), root);

/**
 * Problems with one media reference (an image's `src`). Without facts (a caller that gave only
 * names), only a missing file is found; `sized` is false when the image's width or height already
 * has a problem of its own (a number past the schema's limit), which is then the one reported.
 */
export function mediaRefProblems(
  ref: Ref,
  root: unknown,
  prefix: string,
  media: ReadonlySet<string>,
  facts: MediaFacts | undefined,
  sized = true,
): PendingProblem[] {
  const name = ref.value;
  const parent = ref.path.slice(0, -1);
  const where = describeObject(root, parent);
  const at = { path: ref.path, target: 'value' as const };
  if (!media.has(name)) {
    const refused = facts?.refused.get(name);
    if (refused) {
      const written = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toUpperCase() ?? '';
      const ending = /^JPE?G$/.test(written) ? 'JPEG' : written;
      const rename = refused.found?.startsWith('image/') ? endingsOf(refused.found)[0] : undefined;
      const renamed = rename && name.replace(/\.[a-z0-9]+$/i, `.${rename}`);
      return [
        {
          ...at,
          code: 'SW_MEDIA_TYPE',
          detail: refused.found
            ? `"${name}" is ${typeWords(refused.found)}, not the ${ending} its name says, so it is not served: browsers cannot show it as ${where}.`
            : `"${name}" is in the media folder but is not served (${refused.reason}): browsers cannot show it as ${where}.`,
          fix: renamed
            ? `rename the file sites/${prefix}/media/${name} to ${renamed.split('/').pop()} and write "src: ${renamed}" here, or save it again as a real ${ending}.`
            : `put a picture (${PICTURES}) in sites/${prefix}/media/ and write its name here.`,
          ...(renamed && { upload: renamed, edit: { value: renamed } }),
        },
      ];
    }
    const near = nearest(name, media);
    return [
      {
        ...at,
        code: 'SW_MISSING_MEDIA',
        detail: `There is no file "${name}" in the site's media folder (sites/${prefix}/media/).`,
        fix: near ? `did you mean "${near}"? Otherwise put ${name} in sites/${prefix}/media/.` : `put ${name} in sites/${prefix}/media/, or fix the name.`,
        ...(near ? { edit: { value: near } } : { upload: name }),
      },
    ];
  }
  if (!facts) return [];
  const type = facts.types.get(name);
  if (type && !type.startsWith('image/')) {
    const pictures = [...media].filter((m) => facts.types.get(m)?.startsWith('image/') && !facts.unreadable.has(m));
    const picture = nearest(name, pictures) ?? pictures.sort()[0];
    const document = type === 'application/pdf' ? `; to offer the PDF, link to it in a text instead, as [Our menu (PDF)](/media/${name})` : '';
    return [
      {
        ...at,
        code: 'SW_NOT_AN_IMAGE',
        detail: `"${name}" is ${typeWords(type)}, not a picture: browsers cannot show it as ${where}.`,
        fix: picture
          ? `write the name of a picture here, such as src: ${picture} (${PICTURES})${document}.`
          : `write the name of a picture here (${PICTURES})${document}.`,
        ...(picture && { edit: { value: picture } }),
      },
    ];
  }
  const unreadable = facts.unreadable.get(name);
  if (unreadable) {
    return [
      {
        ...at,
        code: 'SW_NOT_AN_IMAGE',
        detail: `"${name}" starts like ${type ? typeWords(type) : 'a picture'}, but ${unreadable}: browsers cannot show it as ${where}.`,
        fix: 'save the picture again from a photo or image editor, or write the name of another picture here.',
      },
    ];
  }
  const image = facts.images.get(name);
  const written = get(root, parent) as { width?: unknown; height?: unknown } | undefined;
  if (!image || !written || !sized) return [];
  return sizeProblems(name, parent, written, image);
}

/**
 * A width and height written beside a picture must keep its shape and not be larger than its file
 * (rounding to the nearest pixel allowed). Each fix, done as written, leaves no problem.
 */
function sizeProblems(
  name: string,
  parent: readonly (string | number)[],
  written: { width?: unknown; height?: unknown },
  file: { width: number; height: number },
): PendingProblem[] {
  const w = typeof written.width === 'number' ? written.width : undefined;
  const h = typeof written.height === 'number' ? written.height : undefined;
  const { width: W, height: H } = file;
  const real = `${W} × ${H} pixels`;
  const leave = 'Sitewright reads the size from the file';
  if ((w !== undefined && w > W) || (h !== undefined && h > H)) {
    const key = w !== undefined && w > W ? 'width' : 'height';
    const both = w !== undefined && h !== undefined;
    const said = both ? `${w} × ${h}` : w !== undefined ? `${w} wide` : `${h} high`;
    return [
      {
        code: 'SW_IMAGE_SIZE',
        path: [...parent, key],
        target: 'value',
        detail: `"${name}" is ${real}, smaller than the ${said} written here: the picture would be stretched and blurred.`,
        fix: both
          ? `write "width: ${W}" and "height: ${H}", or delete both lines: ${leave}.`
          : `write "${key}: ${key === 'width' ? W : H}", or delete the line: ${leave}.`,
        edit: { value: String(key === 'width' ? W : H) },
        ...(both && {
          alsoEdit: [{ path: [...parent, key === 'width' ? 'height' : 'width'], target: 'value' as const, edit: { value: String(key === 'width' ? H : W) } }],
        }),
      },
    ];
  }
  if (w === undefined || h === undefined || Math.abs(w * H - h * W) <= Math.max(W, H)) return [];
  const fitting = Math.max(1, Math.round((w * H) / W));
  return [
    {
      code: 'SW_IMAGE_SIZE',
      path: [...parent, 'height'],
      target: 'value',
      detail: `"${name}" is ${real}, so shown ${w} wide it is ${fitting} high, not ${h}: the picture would be squashed or stretched.`,
      fix: `write "height: ${fitting}", or delete the width and height lines: ${leave}.`,
      edit: { value: String(fitting) },
    },
  ];
}
