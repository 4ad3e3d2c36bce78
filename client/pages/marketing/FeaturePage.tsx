import type { ReactNode } from "react";
import type { MessageKey } from "../../../common/messages/en";
import { useT } from "../../lib/i18n";
import "./marketing.css";

/** A feature's words are catalogue keys (docs/languages.md). */
export interface Feature {
  icon: string;
  title: MessageKey;
  text: MessageKey;
  points: MessageKey[];
  comingSoon?: boolean;
}

/** For Businesses and For Consumers: a banner, an intro, four feature blocks and a call to action. */
export function FeaturePage(props: { title: string; intro: ReactNode; features: Feature[]; callToAction: ReactNode }) {
  const t = useT();
  return (
    <main id="main">
      <section className="marketing-banner">
        <div className="marketing-banner-inner">
          <h1>{props.title}</h1>
          <p>{props.intro}</p>
        </div>
      </section>
      <div className="page">
        <ul className="feature-grid">
          {props.features.map((feature) => (
            <li key={feature.title} className="feature card">
              <img src={feature.icon} alt="" width="48" height="48" />
              <div>
                <h2>
                  {t(feature.title)}
                  {feature.comingSoon ? <span className="coming-soon">{t("feature.comingSoon")}</span> : null}
                </h2>
                <p>{t(feature.text)}</p>
                <ul>
                  {feature.points.map((point) => (
                    <li key={point}>{t(point)}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
        <section className="call-to-action">{props.callToAction}</section>
      </div>
    </main>
  );
}
