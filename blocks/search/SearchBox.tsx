/**
 * The search block: a labelled GET form and the results the server found (`view.ts`). Without
 * JavaScript that is the whole of it. In the browser the box becomes a combobox: as the visitor
 * types, the first results are fetched from the page's own JSON (`?_data=search`) into a listbox
 * the arrow keys move through, and a live region says how many were found. On a static export,
 * where no server answers, the results and the box's suggestions come from the site's Pagefind
 * index (`pagefind.ts`).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { BrowserSearch, type StaticIndex } from './pagefind.ts';
import { plural, Results } from './Results.tsx';
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

/**
 * The box's suggestions as the visitor types: the first results, fetched a moment after the last
 * key (from the page's JSON, or the static index), the one the arrow keys are on, and whether the
 * list is open. `say` tells screen readers how many were found.
 */
function useSuggestions(action: string, browser: BrowserSearch | undefined, say: (status: string) => void) {
  const asked = useRef(0);
  const [found, setFound] = useState<Suggestions | undefined>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const pending = useRef<AbortController | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const fetchFor = (q: string) => {
    pending.current?.abort();
    const turn = ++asked.current;
    if (!q.trim()) {
      setFound(undefined);
      setOpen(false);
      say('');
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    const answer = browser
      ? browser.suggest(q, SUGGESTED)
      : fetch(`${action}?_data=search&q=${encodeURIComponent(q)}`, { signal: controller.signal, headers: { accept: 'application/json' } }).then((r) =>
          r.ok ? (r.json() as Promise<Suggestions>) : Promise.reject(new Error(String(r.status))),
        );
    answer
      .then((data) => {
        // Only the answer to what is in the box now.
        if (turn !== asked.current) return;
        setFound(data);
        setOpen(data.results.length > 0);
        setActive(-1);
        say(data.total ? `${plural(data.total, 'result', 'results')} found. Use the arrow keys to choose one.` : 'No results.');
      })
      .catch((error: Error) => {
        if (error.name !== 'AbortError') say('Results could not be loaded: press Search to see them.');
      });
  };

  /** What is in the box now: its suggestions are asked for once the visitor pauses. */
  const typed = (q: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => fetchFor(q), 150);
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

  /** Leaving the box closes the list, after a click on a suggestion has had time to land. */
  const close = () => setTimeout(() => setOpen(false), 200);
  return { found, open, active, typed, onKeyDown, close };
}

/** The suggested results under the box: a listbox whose options are links, the one the arrow keys are on selected. */
function SuggestionList({ found, active, hidden }: { found?: Suggestions; active: number; hidden: boolean }) {
  return (
    <ul id={LIST_ID} role="listbox" aria-label="Suggested results" className="search-listbox" hidden={hidden}>
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
  );
}

export function SearchBox({ heading, intro, view = NO_QUERY, staticIndex }: SearchBoxProps) {
  const [live, setLive] = useState(false);
  const [text, setText] = useState(view.query);
  const [shown, setShown] = useState(view);
  const [status, setStatus] = useState('');
  const browser = useMemo(() => (staticIndex ? new BrowserSearch(staticIndex, view.action) : undefined), [staticIndex, view.action]);
  const { found, open, active, typed, onKeyDown, close } = useSuggestions(view.action, browser, setStatus);

  useEffect(() => setLive(true), []);
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
              typed(q);
            }}
            onKeyDown={onKeyDown}
            onBlur={close}
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
          {live ? <SuggestionList found={found} active={active} hidden={!expanded} /> : null}
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
