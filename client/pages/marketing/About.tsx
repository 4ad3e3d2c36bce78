import { useState } from "react";
import { Link } from "react-router";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import type { MessageKey } from "../../../common/messages/en";
import { useT } from "../../lib/i18n";
import { shuffle } from "../../lib/shuffle";
import "./marketing.css";
import "./about.css";

/** A member's title and description are catalogue keys (docs/languages.md); a name is a name. */
export interface TeamMember {
  image: string;
  name: string;
  title: MessageKey;
  description: MessageKey;
}

export const TEAM: readonly TeamMember[] = [
  {
    image: "/images/team/maya-okafor.svg",
    name: "Maya Okafor",
    title: "about.mayaTitle",
    description: "about.maya",
  },
  {
    image: "/images/team/daniel-reyes.svg",
    name: "Daniel Reyes",
    title: "about.danielTitle",
    description: "about.daniel",
  },
  {
    image: "/images/team/priya-natarajan.svg",
    name: "Priya Natarajan",
    title: "about.priyaTitle",
    description: "about.priya",
  },
  {
    image: "/images/team/sam-whitaker.svg",
    name: "Sam Whitaker",
    title: "about.samTitle",
    description: "about.sam",
  },
];

export default function About() {
  useDocumentTitle(PUBLIC_PAGE_TITLES["/about"]);
  // The spec shows the team in a random order on each visit, so nobody is always listed first: the
  // worker renders About on each request (no island here hydrates it, docs/server-rendering.md#islands).
  const [team] = useState(() => shuffle(TEAM));
  const t = useT();
  return (
    <main id="main">
      <section className="marketing-banner">
        <div className="marketing-banner-inner">
          <h1>{t("about.heading")}</h1>
          <p>{t("about.lede")}</p>
        </div>
      </section>
      <div className="page">
        <section className="about-story" aria-labelledby="story-heading">
          <h2 id="story-heading">{t("about.story")}</h2>
          <p>{t("about.story1")}</p>
          <p>{t("about.story2")}</p>
          <p>
            {t("about.story3")} <Link to="/live-look">{t("about.seeBusy")}</Link>
          </p>
        </section>

        <section className="supporter card" aria-labelledby="supporter-heading">
          <h2 id="supporter-heading">{t("about.backed")}</h2>
          <p>{t("about.backedText")}</p>
        </section>

        <section aria-labelledby="team-heading">
          <h2 id="team-heading">{t("about.team")}</h2>
          <ul className="team-grid">
            {team.map((member) => (
              <li key={member.name} className="team-member">
                <img src={member.image} alt="" width="160" height="160" loading="lazy" />
                <h3>{member.name}</h3>
                <p className="team-title">{t(member.title)}</p>
                <p>{t(member.description)}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
