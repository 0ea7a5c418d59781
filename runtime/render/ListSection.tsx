import type { ReactNode } from 'react';
import type { Link } from '../../schema/common.ts';
import { useHref } from './context.tsx';

/**
 * The frame every list block shares: its heading, the list (or a sentence when it is empty),
 * and a "more" link below.
 */
export function ListSection({
  className,
  narrow = false,
  heading,
  empty,
  more,
  count,
  children,
}: {
  className: string;
  narrow?: boolean;
  heading?: string;
  empty: string;
  more?: Link;
  count: number;
  children: ReactNode;
}) {
  const href = useHref();
  return (
    <section className={`block ${className}`}>
      <div className={narrow ? 'container narrow' : 'container'}>
        {heading ? <h2>{heading}</h2> : null}
        {count === 0 ? <p className="muted">{empty}</p> : children}
        {more ? (
          <p className="more-link">
            <a href={href(more.href)}>{more.label}</a>
          </p>
        ) : null}
      </div>
    </section>
  );
}
