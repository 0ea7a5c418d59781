/** Each ajv error as the author's problems: a table from the error's keyword to the translator of its family. */
import type { ErrorObject } from 'ajv';
import type { PendingProblem } from './problem.ts';
import { keywordError, type KeywordError } from './keyword-error.ts';
import { missingKey, unknownKey, unknownKind } from './key-problems.ts';
import { badFormat, notAChoice, notTheConstant, wrongType } from './value-problems.ts';
import { listSize, notUnique, outOfRange, tooLong, tooShort } from './limit-problems.ts';

/** The translator of each ajv keyword, grouped by family. */
const TRANSLATORS = new Map<string, (error: KeywordError) => PendingProblem[]>(
  Object.entries({
    required: missingKey,
    additionalProperties: unknownKey,
    discriminator: unknownKind,
    type: wrongType,
    enum: notAChoice,
    const: notTheConstant,
    pattern: badFormat,
    format: badFormat,
    minLength: tooShort,
    maxLength: tooLong,
    minimum: outOfRange,
    maximum: outOfRange,
    exclusiveMinimum: outOfRange,
    exclusiveMaximum: outOfRange,
    minItems: listSize,
    maxItems: listSize,
    uniqueItems: notUnique,
  }),
);

/** The problems one ajv error stands for; none for a summary keyword. */
export function translate(error: ErrorObject, root: unknown, writtenAt?: (path: (string | number)[]) => string | undefined): PendingProblem[] {
  const found = keywordError(error, root, writtenAt);
  // oneOf, anyOf, if: their branches report the real problem; the summary adds nothing.
  return TRANSLATORS.get(error.keyword)?.(found) ?? [];
}
