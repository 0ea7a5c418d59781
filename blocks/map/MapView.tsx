/**
 * The map block as visitors get it: the address with links to OpenStreetMap, which work without
 * JavaScript, and a "Show map" button that frames the map only once pressed. Without JavaScript the
 * button is a plain GET form to the page itself (`?map=<key>`), which the server answers with the
 * map in place; hydrated, it shows the map at once and moves focus to it. Nothing of
 * OpenStreetMap's is loaded before the press.
 */
import { Fragment, useEffect, useRef, useState, type FormEvent } from 'react';
import { embedUrl } from './osm.ts';

/** The query parameter that asks for a map (its value: which one, see mapKey). */
export const MAP_PARAM = 'map';

export interface MapViewProps {
  heading: string;
  intro?: string;
  /** Where the place is: with both, the map can be shown (the embedded map's address is made only once it is asked for). */
  lat?: number;
  lng?: number;
  zoom?: number;
  /** Worked out on the server (islandProps): always there on a page. */
  view?: MapPlace;
}

/** What the server worked out for one map: what it shows, where its links go, and whether the visitor asked for it. */
export interface MapPlace {
  /** The place's name, for the frame's title ("Map of …"). */
  place: string;
  /** The address, line by line (none when only coordinates are known). */
  lines: string[];
  /** openstreetmap.org at the place. */
  href: string;
  directions?: string;
  /** The page's own address, where the button asks without JavaScript. */
  action: string;
  /** Which map of the page this is: the value of ?map= and its anchor's suffix. */
  key: string;
  /** The visitor asked for it (?map=<key>): the map is in the page. */
  shown: boolean;
}

const NO_VIEW: MapPlace = { place: '', lines: [], href: '', action: '', key: '', shown: false };

export function MapView({ heading, intro, lat, lng, zoom = 16, view = NO_VIEW }: MapViewProps) {
  const mappable = lat !== undefined && lng !== undefined;
  const [shown, setShown] = useState(view.shown);
  const pressed = useRef(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const anchor = `map-${view.key}`;
  // A page of a static export is one file for every query: once running, it reads the visitor's ?map= itself.
  useEffect(() => {
    if (mappable && new URLSearchParams(window.location.search).get(MAP_PARAM) === view.key) setShown(true);
  }, [mappable, view.key]);
  // The button is gone once pressed: focus goes to the map it brought, not back to the top of the page.
  useEffect(() => {
    if (shown && pressed.current) frame.current?.focus();
  }, [shown]);
  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    pressed.current = true;
    setShown(true);
  };
  return (
    <section className="block map-block" id={anchor} aria-labelledby={`${anchor}-heading`}>
      <div className="container map-layout">
        <div className="map-text">
          <h2 id={`${anchor}-heading`}>{heading}</h2>
          {intro ? <p>{intro}</p> : null}
          {view.lines.length ? (
            <address>
              {view.lines.map((line, i) => (
                <Fragment key={i}>
                  {i ? <br /> : null}
                  {line}
                </Fragment>
              ))}
            </address>
          ) : null}
          <ul className="map-links">
            <li>
              <a href={view.href}>View on OpenStreetMap</a>
            </li>
            {view.directions ? (
              <li>
                <a href={view.directions}>Get directions</a>
              </li>
            ) : null}
          </ul>
        </div>
        {mappable ? (
          <div className="map-frame">
            {shown ? (
              // No sandbox: the map needs both its scripts and its own origin, and a sandbox allowing both is none (the HTML
              // checker refuses it). Another origin's page, it is kept apart from this one by the browser all the same.
              <iframe ref={frame} src={embedUrl({ lat, lng }, zoom)} title={`Map of ${view.place}`} />
            ) : (
              <form className="map-ask" method="get" action={`${view.action}#${anchor}`} onSubmit={show}>
                <input type="hidden" name={MAP_PARAM} value={view.key} />
                <p className="map-note">The map comes from OpenStreetMap, and is loaded only when you ask for it.</p>
                <button type="submit" className="button">
                  Show map
                </button>
              </form>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}
