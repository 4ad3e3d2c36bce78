// /app, "Near me": the consumer app's first tab (docs/app.md#near-me). A map and the places around
// the person (the phone's position when they allowed it, else their home area, else the city's
// centre: never empty), now, at 9 PM or a coming hour, narrowed by chips; a place opens a sheet to save, watch,
// check in or plan. Every box is reserved before its answer comes, so nothing moves when it does.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import type { LivePlace } from "../../../common/schemas/answers";
import { publicApi } from "../../api/endpoints";
import { checkInApi } from "../../api/friendsEndpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { useRequireSession } from "../../api/useRequireSession";
import { InstallOffer } from "../../app/InstallOffer";
import { CheckedInReminder } from "../../app/friends/CheckedInReminder";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { LevelBadge } from "../../live/LevelBadge";
import { describeOnMap, hasPosition } from "../../live/mapPlaces";
import { quietAtTime } from "../../live/quietAt";
import { LIVE_REFRESH_MS, useLivePlaces } from "../../live/useLivePlaces";
import { loadVenueMap } from "../../live/venueMapImport";
import { greeting, NEAR_MESSAGES } from "./nearMessages";
import { comingHours, LATER_HOUR, NEAR_FILTERS, nearbyLines, nearbyPlaces, originOf, type NearFilter, type NearbyPlace, type Point } from "./nearMe";
import { PlaceSheet } from "./PlaceSheet";
import { useScrollBack } from "./shell/scrollBack";
import { Skeleton } from "./shell/Skeleton";
import { suggestionLevel } from "./tonight";
import { MAX_RADIUS_M, MAX_SUGGESTIONS } from "../../../common/schemas/saved";
import "./app.css";
import "./near-me.css";
import { useLocale } from "../../lib/i18n";

const VenueMap = loadVenueMap && lazy(loadVenueMap);
const noBusiest = () => Promise.resolve(null);

/** The phone's position, asked for at once only when the person already allowed it. */
function useHere() {
  const [here, setHere] = useState<Point | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const locate = useCallback(() => {
    if (!("geolocation" in navigator)) return setProblem(NEAR_MESSAGES.noGeolocation);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setHere({ lat: position.coords.latitude, lng: position.coords.longitude });
        setProblem(null);
      },
      () => setProblem(NEAR_MESSAGES.locationFailed),
      { maximumAge: 300_000, timeout: 15_000 },
    );
  }, []);
  useEffect(() => {
    void navigator.permissions
      ?.query({ name: "geolocation" })
      .then((status) => (status.state === "granted" ? locate() : undefined))
      .catch(() => undefined);
  }, [locate]);
  return { here, problem, locate };
}

export default function NearMe() {
  useDocumentTitle(NEAR_MESSAGES.title);
  const { ready, pickupView } = useRequireSession();
  const me = useApi(ready ? ownerApi.me() : null);
  return (
    <main className="page app-page near-page" id="main">
      {pickupView}
      {/* The same line's height either way: the greeting takes the title's place, nothing moves. */}
      <h1>{me.data?.name ? greeting(me.data.name) : NEAR_MESSAGES.title}</h1>
      {ready ? <NearBody home={me.data ? me.data.home : undefined} /> : <Skeleton rows={4} tall />}
      {me.data && me.data.places.length > 0 ? (
        <p>
          <Link to="/dashboard">{NEAR_MESSAGES.dashboard}</Link>
        </p>
      ) : null}
      {ready ? <CheckedInReminder /> : null}
      <InstallOffer onlyWhenOffered />
    </main>
  );
}

/** `home` is undefined until the account has answered (then null without a home area). */
function NearBody({ home }: { home: Point | null | undefined }) {
  const locale = useLocale();
  const describeNow = useCallback((place: LivePlace) => describeOnMap(place, Date.now(), locale), [locale]);
  const { here, problem, locate } = useHere();
  // "now" or an hour ahead on the phone's clock (0–23).
  const [when, setWhen] = useState<"now" | number>("now");
  const [filters, setFilters] = useState<ReadonlySet<NearFilter>>(new Set());
  const [open, setOpen] = useState<NearbyPlace | null>(null);
  const now = Date.now();
  const origin = home === undefined && !here ? null : originOf(here, home ?? null);
  const at = when === "now" ? undefined : quietAtTime(when, new Date(now)).toISOString();
  const answer = useApi(origin ? publicApi.suggestions({ lat: origin.lat, lng: origin.lng, at, radius_m: MAX_RADIUS_M, limit: MAX_SUGGESTIONS }) : null);
  const { places: live } = useLivePlaces(LIVE_REFRESH_MS);
  const out = useApi(checkInApi.out(), { refreshMs: 60_000 });
  const { data: tiles } = useApi(publicApi.mapConfig());
  const forecast = answer.data?.forecast ?? false;
  const rows = useMemo(() => (answer.data ? nearbyPlaces(answer.data.places, live, out.data, filters) : null), [answer.data, live, out.data, filters]);
  const mapped = useMemo(() => (rows ?? []).flatMap(({ live: row }) => (row && hasPosition(row) ? [row] : [])), [rows]);
  useScrollBack(rows !== null);

  const toggle = (filter: NearFilter) =>
    setFilters((current) => {
      const next = new Set(current);
      if (!next.delete(filter)) next.add(filter);
      return next;
    });
  // The hour under way is "Now"; a picked hour that has since come round stays in the list.
  const hours = comingHours(new Date(now));
  if (typeof when === "number" && !hours.includes(when)) hours.unshift(when);
  const openPlace = (place: LivePlace) => setOpen(rows?.find((row) => row.place.id === place.id) ?? null);

  return (
    <>
      <div className="chips" role="group" aria-label={NEAR_MESSAGES.whenLabel}>
        <button type="button" className="chip" aria-pressed={when === "now"} onClick={() => setWhen("now")}>{NEAR_MESSAGES.now}</button>
        <button type="button" className="chip" aria-pressed={when === LATER_HOUR} onClick={() => setWhen(LATER_HOUR)}>{NEAR_MESSAGES.later}</button>
        <select
          className="chip"
          aria-label={NEAR_MESSAGES.hourLabel}
          value={String(when)}
          onChange={(event) => setWhen(event.target.value === "now" ? "now" : Number(event.target.value))}
        >
          <option value="now">{NEAR_MESSAGES.now}</option>
          {hours.map((hour) => (
            <option key={hour} value={hour}>{NEAR_MESSAGES.hour(hour)}</option>
          ))}
        </select>
      </div>
      <div className="chips" role="group" aria-label={NEAR_MESSAGES.filtersLabel}>
        {NEAR_FILTERS.map((filter) => (
          <button key={filter} type="button" className="chip" aria-pressed={filters.has(filter)} onClick={() => toggle(filter)}>
            {NEAR_MESSAGES.filters[filter]}
          </button>
        ))}
      </div>
      <div className="near-map">
        {VenueMap ? (
          <Suspense fallback={<div className="venue-map" aria-hidden="true" />}>
            <VenueMap places={mapped} describe={describeNow} tiles={tiles} onOpenPlace={openPlace} busiestToday={noBusiest} />
          </Suspense>
        ) : null}
      </div>
      <p className="near-from">
        <span>{origin ? NEAR_MESSAGES.from[origin.source] : "\u00a0"}</span>
        {here ? null : (
          <button type="button" className="chip" onClick={locate}>{NEAR_MESSAGES.useLocation}</button>
        )}
      </p>
      {problem ? <p role="alert">{problem}</p> : null}
      {rows === null ? (
        answer.error ? <p role="alert">{NEAR_MESSAGES.unavailable}</p> : <Skeleton rows={4} tall />
      ) : rows.length === 0 ? (
        <p>{NEAR_MESSAGES.none}</p>
      ) : (
        <ul className="near-list" aria-label={forecast && when !== "now" ? NEAR_MESSAGES.listAt(when) : NEAR_MESSAGES.listNow}>
          {rows.map((row) => (
            <li key={row.place.id}>
              <button type="button" className="near-place" aria-haspopup="dialog" onClick={() => setOpen(row)}>
                <span className="near-place-head">
                  <span className="near-place-name">{row.place.name}</span>
                  <LevelBadge level={row.place.level} closed={row.place.open === false} text={suggestionLevel(row.place, forecast)} />
                </span>
                {/* Friends' whereabouts never reach a session replay (docs/monitoring.md#private-by-construction). */}
                <span className="near-place-lines" data-dd-privacy={row.friends.length > 0 ? "mask" : undefined}>
                  {nearbyLines(row, forecast, now, locale).join(" · ")}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open ? <PlaceSheet nearby={open} forecast={forecast} now={now} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
