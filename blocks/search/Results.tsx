/**
 * The search block's results as the page shows them: a prompt before a search, a suggestion after
 * one that found nothing, or the results with their filters and pages.
 */
import type { Piece } from '../../runtime/search/engine.ts';
import type { SearchView } from './view.ts';

/** Text with the words that matched marked. */
function Marked({ pieces }: { pieces: Piece[] }) {
  return <>{pieces.map((piece, i) => (piece.hit ? <mark key={i}>{piece.text}</mark> : piece.text))}</>;
}

/** A count with its noun: "1 result", "1,204 results". */
export const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** What the server (or, on a static export, the browser) found: the count, the filters by section, the results with their hits marked, the pages. */
export function Results({ view, needsScript }: { view: SearchView; needsScript: boolean }) {
  if (!view.query)
    return (
      <>
        <p className="search-empty" id="search-state">
          Type a word or two and press Search.
        </p>
        {needsScript ? (
          <noscript>
            <p className="search-empty">Results on this copy of the site need JavaScript: turn it on, or browse the menu.</p>
          </noscript>
        ) : null}
      </>
    );
  const shortenedNote = view.shortened ? (
    <p className="search-shortened">Your search was long: only its first words were used. Try a few words that matter most.</p>
  ) : null;
  if (!view.total)
    return (
      <div className="search-empty" id="search-state">
        <h2>{`No results for “${view.query}”`}</h2>
        {shortenedNote}
        {view.suggestion ? (
          <p className="search-suggestion">
            Did you mean <a href={view.suggestion.href}>{view.suggestion.label}</a>?
          </p>
        ) : null}
        <p>Check the spelling, or try fewer or more general words.</p>
      </div>
    );
  return (
    <div className="search-found">
      <h2 id="search-state">{`${plural(view.total, 'result', 'results')} for “${view.query}”`}</h2>
      {shortenedNote}
      {view.filters.length > 2 || view.filters.some((f) => f.current && f.label !== 'All') ? (
        <nav aria-label="Filter results by section" className="search-filters">
          <ul>
            {view.filters.map((f) => (
              <li key={f.href}>
                <a href={f.href} aria-current={f.current ? 'page' : undefined}>
                  {`${f.label} `}
                  <span className="search-count">{`(${f.count})`}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ol className="search-results" start={(view.page - 1) * 10 + 1}>
        {view.results.map((r) => (
          <li key={r.href}>
            <h3>
              <a href={r.href}>
                <Marked pieces={r.title} />
              </a>
            </h3>
            <p className="search-section">{r.section}</p>
            <p className="search-snippet">
              <Marked pieces={r.snippet} />
            </p>
          </li>
        ))}
      </ol>
      {view.pages > 1 ? (
        <nav aria-label="Pages of results" className="search-pages">
          {view.previous ? (
            <a href={view.previous} rel="prev">
              Previous page
            </a>
          ) : null}
          <span>{`Page ${view.page} of ${view.pages}`}</span>
          {view.next ? (
            <a href={view.next} rel="next">
              Next page
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
