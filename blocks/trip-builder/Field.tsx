/** The trip builder's form pieces: the shared field, and the messages of a refused plan or post as the shared summary. */
import { ErrorSummary } from '../money-form.tsx';

export { Field } from '../money-form.tsx';

/** The messages of a refused plan or post, each a link to its field; focused when it appears. */
export function Problems({ id, errors, problem }: { id: string; errors: Record<string, string>; problem?: string }) {
  return <ErrorSummary id={id} state={{ errors, ...(problem ? { problem } : {}) }} fields={{}} />;
}
