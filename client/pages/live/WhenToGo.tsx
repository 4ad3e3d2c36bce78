// A profile's "when to go": popular times per weekday with the live bar, and the forecast of the
// next 12 hours. Bars are plain CSS (no chart library on the profile); each chart has a table
// equivalent for screen readers, and every number is also said in words.
import { useState } from "react";
import type { PopularTimesAnswer, PublicPlace } from "../../../common/schemas/answers";
import { publicApi } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { formatAxisHour, formatHour, formatWeekday, localeWeek } from "../../../common/formats";
import { useHydrated, useNow } from "../../lib/hydration";
import { useLocale, useT, type Translate } from "../../lib/i18n";
import { levelDisplay } from "../../live/levels";
import { LatestReportedWait } from "./LiveLooks";
import {
  bestTimeText,
  busiestText,
  busyText,
  countsHidden,
  FORECAST_HOURS,
  forecastRows,
  livelyPercent,
  placeEdge,
  LEVELS_ONLY,
  localHour,
  NOT_ENOUGH_DATA,
  venueWeekday,
  VS_USUAL_TEXT,
  type WeekdayName,
} from "../../live/whenToGo";

/** Both answers are cached for a minute by the API. */
const WHEN_TO_GO_REFRESH_MS = 60_000;

/** Axis labels every three hours keep 24 bars readable at 375 px. */
const AXIS_EVERY = 3;

const clamp = (percent: number) => Math.max(0, Math.min(percent, 100));
const rangeStyle = (from: number, to: number) => ({ left: `${clamp(from)}%`, width: `${clamp(to) - clamp(from)}%` });

/**
 * The bars' sizes are style attributes, which the HTML's Content-Security-Policy (style-src 'self')
 * refuses in the worker's HTML; once hydrated React sets them through the DOM, which it allows
 * (docs/server-rendering.md#what-stays-in-the-browser). Until then the bars are empty.
 */
function useSized() {
  const hydrated = useHydrated();
  return <T,>(style: T) => (hydrated ? style : undefined);
}

function usualText(hour: { usual: number | null; closed: boolean }, t: Translate) {
  return hour.closed ? t("times.closed") : hour.usual === null ? t("times.noData") : `${hour.usual}%`;
}

function PopularChart({ answer, weekday, today, now }: { answer: PopularTimesAnswer; weekday: WeekdayName; today: boolean; now: number }) {
  const day = answer.days.find((entry) => entry.weekday === weekday) ?? answer.days[0];
  const currentHour = today ? localHour(answer.timezone, now) : null;
  const live = today ? answer.live : null;
  const sized = useSized();
  const locale = useLocale();
  const t = useT();
  return (
    <>
      <div className="popular-chart" aria-hidden="true">
        {day.hours.map((hour, index) => (
          <div key={index} className={`popular-hour${hour.closed ? " closed" : ""}${hour.hour === currentHour ? " now" : ""}`}>
            <div className="popular-plot">
              {hour.closed ? null : <span className="popular-bar" style={sized({ height: `${hour.usual ?? 0}%` })} />}
              {live?.percent != null && hour.hour === currentHour ? <span className="popular-live-bar" style={sized({ height: `${live.percent}%` })} /> : null}
            </div>
            <span className="popular-axis">{index % AXIS_EVERY === 0 ? formatAxisHour(hour.hour, locale) : ""}</span>
          </div>
        ))}
      </div>
      {/* Hidden by its wrapper: a table keeps its content's width whatever its own, and would widen a phone's page. */}
      <div className="visually-hidden">
        <table>
          <caption>{t("times.usualCaption", { weekday: formatWeekday(weekday, locale) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("times.hour")}</th>
              <th scope="col">{t("times.usually")}</th>
            </tr>
          </thead>
          <tbody>
            {day.hours.map((hour, index) => (
              <tr key={index}>
                <th scope="row">{formatHour(hour.hour, 0, locale)}</th>
                <td>
                  {usualText(hour, t)}
                  {live?.percent != null && hour.hour === currentHour ? t("times.nowPercent", { percent: live.percent }) : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function PopularTimes({ place }: { place: PublicPlace }) {
  const { data, error } = useApi(publicApi.popularTimes(place.id), { refreshMs: WHEN_TO_GO_REFRESH_MS });
  const levelsOnly = countsHidden(place);
  const [chosen, setChosen] = useState<WeekdayName | null>(null);
  // Fixed: an island counts `useId` from its own root (docs/server-rendering.md#islands).
  const selectId = `popular-day-${place.id}`;
  const now = useNow();
  const locale = useLocale();
  const t = useT();

  let body;
  if (!data) {
    body = <p>{t(error === null ? "times.popularLoading" : "times.popularUnavailable")}</p>;
  } else {
    const today = venueWeekday(data.timezone, data.day_start_hour, now);
    const weekday = chosen ?? today;
    const day = data.days.find((entry) => entry.weekday === weekday);
    const busiest = day && data.enough_data ? busiestText(day.hours, locale) : null;
    const live = weekday === today ? data.live : null;
    body = (
      <>
        <div className="popular-day">
          <label htmlFor={selectId}>{t("times.day")}</label>
          <select id={selectId} value={weekday} onChange={(event) => setChosen(event.target.value as WeekdayName)}>
            {/* The week as the visitor's calendar starts it (docs/cities.md#formats). */}
            {localeWeek(locale)
              .filter((name) => data.days.some((entry) => entry.weekday === name))
              .map((name) => (
                <option key={name} value={name}>
                  {name === today ? t("times.today", { weekday: formatWeekday(name, locale) }) : formatWeekday(name, locale)}
                </option>
              ))}
          </select>
        </div>
        {live ? (
          <p className="popular-live">
            <span className="popular-live-key" aria-hidden="true" /> {t("times.live")} {live.percent === null ? t(levelDisplay(live.level).name) : t("times.ofCapacity", { percent: live.percent })}
            {live.vs_usual ? <strong> · {VS_USUAL_TEXT[live.vs_usual]}</strong> : null}
          </p>
        ) : null}
        {levelsOnly ? (
          <p className="popular-empty">{LEVELS_ONLY}</p>
        ) : data.enough_data ? (
          <>
            {busiest ? <p className="popular-busiest">{busiest}</p> : null}
            {day ? <PopularChart answer={data} weekday={weekday} today={weekday === today} now={now} /> : null}
          </>
        ) : (
          <p className="popular-empty">{NOT_ENOUGH_DATA}</p>
        )}
      </>
    );
  }
  return (
    <section className="popular-times" aria-labelledby="popular-heading">
      <h2 id="popular-heading">{t("times.popular")}</h2>
      {body}
    </section>
  );
}

export function Forecast({ place }: { place: PublicPlace }) {
  const { data, error } = useApi(publicApi.forecast(place.id), { refreshMs: WHEN_TO_GO_REFRESH_MS });
  const threshold = livelyPercent(place);
  const sized = useSized();
  const locale = useLocale();
  const t = useT();

  let body;
  if (!data) {
    body = <p>{t(error === null ? "times.forecastLoading" : "times.forecastUnavailable")}</p>;
  } else {
    const hours = data.hours.slice(0, FORECAST_HOURS);
    const best = bestTimeText(data.best_time, threshold, place.timezone, locale);
    const busy = busyText(data.hours, threshold, place.timezone, locale);
    const anyEstimate = hours.some((hour) => hour.percent !== null);
    const allClosed = hours.length > 0 && hours.every((hour) => hour.closed);
    body = (
      <>
        {best ? <p className="forecast-best">{best}</p> : null}
        {busy ? <p className="forecast-busy">{busy}</p> : null}
        {/* Visitors' reports beside the forecast, never in it (docs/live-looks.md#wait-summary). */}
        <LatestReportedWait placeId={place.id} />
        {allClosed ? (
          <p>{t("times.closedAhead")}</p>
        ) : countsHidden(place) ? (
          <p>{LEVELS_ONLY}</p>
        ) : !anyEstimate ? (
          <p>{NOT_ENOUGH_DATA}</p>
        ) : (
          <table className="forecast-table">
            <caption className="visually-hidden">{t("times.forecastCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("times.hour")}</th>
                <th scope="col">{t("times.forecast")}</th>
              </tr>
            </thead>
            <tbody>
              {/* One number, one word, as every screen says a venue-hour; closed hours collapsed (docs/when-to-go.md#one-number-one-word). */}
              {forecastRows(data.hours, place.timezone, locale, placeEdge(place), FORECAST_HOURS).map((row) => {
                const hour = hours.find((item) => item.start === row.start)!;
                return (
                  <tr key={row.start} className={row.closed ? "closed" : undefined}>
                    <th scope="row">{row.label}</th>
                    <td>
                      <div className="forecast-cell">
                        {hour.percent !== null && !row.closed ? (
                          <span className="forecast-meter" aria-hidden="true">
                            <span className="forecast-range" style={sized(rangeStyle(row.low ?? hour.percent, row.high ?? hour.percent))} />
                            <span className="forecast-value" style={sized(rangeStyle(0, hour.percent))} />
                          </span>
                        ) : null}
                        <span className="forecast-text">{row.value}</span>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {threshold === null ? null : (
          <p className="forecast-note">{t("times.thresholds", { threshold })}</p>
        )}
      </>
    );
  }
  return (
    <section className={`forecast${data ? "" : " pending"}`} aria-labelledby="forecast-heading">
      <h2 id="forecast-heading">{t("times.next12")}</h2>
      {body}
    </section>
  );
}
