/**
 * The search block: a labelled GET form and the results the server found (`view.ts`). Without
 * JavaScript that is the whole of it. In the browser the box becomes a combobox: as the visitor
 * types, the first results are fetched from the page's own JSON (`?_data=search`) into a listbox
 * the arrow keys move through, and a live region says how many were found. On a static export,
 * where no server answers, the results and the box's suggestions come from the site's Pagefind
 * index (`pagefind.ts`).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Piece } from '../../runtime/search/engine.ts';
import { BrowserSearch, type StaticIndex } from './pagefind.ts';
import type { SearchView } from './view.ts';

/** What the island fetches as the visitor types: the first results, as links. */
export interface Suggestions {
  query: string;
  total: number;
  results: { href: string; title: string; section: string }[];
}

export interface SearchBoxProps {
  heading: string;
  intro?: string;
  /** Worked out on the server (islandProps); always there on a page. */
  view?: SearchView;
  /** On a static export: the index the browser searches. */
  staticIndex?: StaticIndex;
}

/** How many results the box offers as the visitor types. */
export const SUGGESTED = 6;

const NO_QUERY: SearchView = { action: '', query: '', total: 0, filters: [], results: [], page: 1, pages: 1 };

const LIST_ID = 'search-suggestions';

function Marked({ pieces }: { pieces: Piece[] }) {
  return <>{pieces.map((piece, i) => (piece.hit ? <mark key={i}>{piece.text}</mark> : piece.text))}</>;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function Results({ view, needsScript }: { view: SearchView; needsScript: boolean }) {
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

export function SearchBox({ heading, intro, view = NO_QUERY, staticIndex }: SearchBoxProps) {
  const [live, setLive] = useState(false);
  const [text, setText] = useState(view.query);
  const [shown, setShown] = useState(view);
  const browser = useMemo(() => (staticIndex ? new BrowserSearch(staticIndex, view.action) : undefined), [staticIndex, view.action]);
  const asked = useRef(0);
  const [found, setFound] = useState<Suggestions | undefined>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const pending = useRef<AbortController | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => setLive(true), []);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A static export's page is the same file whatever its query: the results of ?q=… are found here.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (!browser || !params.get('q')) return;
    setText(params.get('q') ?? '');
    browser
      .view(params)
      .then((found) => {
        setShown(found);
        setStatus(found.total ? `${plural(found.total, 'result', 'results')} for “${found.query}”.` : `No results for “${found.query}”.`);
      })
      .catch(() => setStatus('Search could not be loaded. Try again in a moment.'));
  }, [browser]);

  const fetchFor = (q: string) => {
    pending.current?.abort();
    const turn = ++asked.current;
    if (!q.trim()) {
      setFound(undefined);
      setOpen(false);
      setStatus('');
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    const answer = browser
      ? browser.suggest(q, SUGGESTED)
      : fetch(`${view.action}?_data=search&q=${encodeURIComponent(q)}`, { signal: controller.signal, headers: { accept: 'application/json' } }).then((r) =>
          r.ok ? (r.json() as Promise<Suggestions>) : Promise.reject(new Error(String(r.status))),
        );
    answer
      .then((data) => {
        // Only the answer to what is in the box now.
        if (turn !== asked.current) return;
        setFound(data);
        setOpen(data.results.length > 0);
        setActive(-1);
        setStatus(data.total ? `${plural(data.total, 'result', 'results')} found. Use the arrow keys to choose one.` : 'No results.');
      })
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setStatus('Results could not be loaded: press Search to see them.');
      });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = found?.results.length ?? 0;
    if (event.key === 'ArrowDown' && count) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % count);
    } else if (event.key === 'ArrowUp' && count) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? count - 1 : a - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && open && active >= 0 && found?.results[active]) {
      event.preventDefault();
      window.location.assign(found.results[active].href);
    }
  };

  const expanded = live && open && Boolean(found?.results.length);
  return (
    <section className="search-block container">
      <h2>{heading}</h2>
      {intro ? <p>{intro}</p> : null}
      <form role="search" method="get" action={view.action} className="search-form">
        <label htmlFor="search-q">Search this site</label>
        <div className="search-combo">
          <input
            id="search-q"
            type="search"
            name="q"
            value={text}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => {
              const q = event.target.value;
              setText(q);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => fetchFor(q), 150);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setTimeout(() => setOpen(false), 200)}
            {...(live
              ? {
                  role: 'combobox',
                  'aria-autocomplete': 'list' as const,
                  'aria-expanded': expanded,
                  'aria-controls': LIST_ID,
                  'aria-activedescendant': expanded && active >= 0 ? `${LIST_ID}-${active}` : undefined,
                }
              : {})}
          />
          {live ? (
            <ul id={LIST_ID} role="listbox" aria-label="Suggested results" className="search-listbox" hidden={!expanded}>
              {found?.results.map((r, i) => (
                <li
                  key={r.href}
                  id={`${LIST_ID}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    window.location.assign(r.href);
                  }}
                >
                  <span className="search-option-title">{r.title}</span> <span className="search-section">{r.section}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <button type="submit">Search</button>
        </div>
      </form>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <Results view={shown} needsScript={Boolean(staticIndex)} />
    </section>
  );
}
