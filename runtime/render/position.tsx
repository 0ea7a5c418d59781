import { createContext, useContext } from 'react';

/**
 * Where a block stands on its page. The first block may carry the page's only h1 (a hero,
 * an item's page); every other block's headings start at h2.
 */
const Position = createContext<{ first: boolean }>({ first: false });
export const PositionProvider = Position.Provider;
export const useIsFirst = () => useContext(Position).first;

export function Heading({ first, children, className }: { first: boolean; children: React.ReactNode; className?: string }) {
  return first ? <h1 className={className}>{children}</h1> : <h2 className={className}>{children}</h2>;
}
