import { useState } from "react";
import { Link } from "react-router";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import { shuffle } from "../../lib/shuffle";
import "./marketing.css";
import "./about.css";

export interface TeamMember {
  image: string;
  name: string;
  title: string;
  description: string;
}

export const TEAM: readonly TeamMember[] = [
  {
    image: "/images/team/maya-okafor.svg",
    name: "Maya Okafor",
    title: "Co-founder & CEO",
    description:
      "Spent four years running events for East Village bars and got tired of texting owners to ask how busy they were. Leads the company and every new neighbourhood launch.",
  },
  {
    image: "/images/team/daniel-reyes.svg",
    name: "Daniel Reyes",
    title: "Co-founder & CTO",
    description:
      "An embedded engineer who designed our plug-in sensor on a kitchen table. Owns the hardware, the counting and the servers that turn readings into live levels.",
  },
  {
    image: "/images/team/priya-natarajan.svg",
    name: "Priya Natarajan",
    title: "Head of Product & Design",
    description:
      "Makes sure a crowd level reads at a glance on a phone at midnight. Before Third Place she designed transit apps used by millions of commuters.",
  },
  {
    image: "/images/team/sam-whitaker.svg",
    name: "Sam Whitaker",
    title: "Partnerships Lead",
    description:
      "A former bar manager who visits every partner venue, installs the sensors himself and knows which nights each place comes alive.",
  },
];

export default function About() {
  useDocumentTitle(PUBLIC_PAGE_TITLES["/about"]);
  // The spec shows the team in a random order on each visit, so nobody is always listed first: the
  // worker renders About on each request (no island here hydrates it, docs/server-rendering.md#islands).
  const [team] = useState(() => shuffle(TEAM));
  return (
    <main id="main">
      <section className="marketing-banner">
        <div className="marketing-banner-inner">
          <h1>About Us</h1>
          <p>We help people find a place for everyone: the bar, café or restaurant where you feel at home away from home.</p>
        </div>
      </section>
      <div className="page">
        <section className="about-story" aria-labelledby="story-heading">
          <h2 id="story-heading">Our Story</h2>
          <p>
            Third Place started on a Friday night in 2023, on the corner of Avenue A and 7th Street. Four friends had
            walked into three bars in a row: the first was so packed they couldn't reach the counter, the second was
            empty, and by the time they found the third the night was half over. Every venue owner we talked to had the
            same problem from the other side: full on Saturdays, quiet on Tuesdays, and no way to tell people nearby that
            there was room.
          </p>
          <p>
            So we built a small sensor that plugs into a wall socket behind the bar and counts how many people are
            around, every minute, without identifying anyone. Paired with an app that shows those live levels on a map,
            it lets you see the vibe before you go, and lets venues fill their quiet hours.
          </p>
          <p>
            The name comes from the sociologist Ray Oldenburg's idea of the "third place": after home and work, the
            places where a community actually meets. We launched in the East Village and we're growing one neighbourhood
            at a time. <Link to="/live-look">See who's busy right now.</Link>
          </p>
        </section>

        <section className="supporter card" aria-labelledby="supporter-heading">
          <h2 id="supporter-heading">Backed by a university venture accelerator</h2>
          <p>
            Third Place is supported by a university venture accelerator programme. Its mentors, office hours and pilot
            funding helped us turn a prototype sensor into a product that partner venues run every night, and its
            network of founders keeps us honest about what to build next.
          </p>
        </section>

        <section aria-labelledby="team-heading">
          <h2 id="team-heading">Our Team</h2>
          <ul className="team-grid">
            {team.map((member) => (
              <li key={member.name} className="team-member">
                <img src={member.image} alt="" width="160" height="160" loading="lazy" />
                <h3>{member.name}</h3>
                <p className="team-title">{member.title}</p>
                <p>{member.description}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
