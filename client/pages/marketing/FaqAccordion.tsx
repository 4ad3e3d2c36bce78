// The FAQ's questions, one open at a time across the page: <details> elements sharing a name (an
// exclusive accordion), which the browser opens and closes itself, so the FAQ ships no JavaScript
// of its own (docs/server-rendering.md#islands).
import { PageLink } from "../../lib/pageLink";

interface Question {
  question: string;
  answer: React.ReactNode;
}

const consumerQuestions: Question[] = [
  {
    question: "What is Third Place?",
    answer:
      "A free app, and this website, that shows how busy bars and restaurants are right now, what's on tonight and where your friends are. We're live in New York's East Village and adding neighbourhoods one at a time.",
  },
  {
    question: "How do you know how busy a venue is?",
    answer:
      "Each partner venue has a small Third Place sensor plugged in behind the bar. It counts how many people are nearby every minute and sends the count to us, so the level you see is a few minutes old at most. Guests can add Live Looks to show what the room feels like.",
  },
  {
    question: "What do Relaxed, Lively and Packed mean?",
    answer:
      "Each venue sets two thresholds that fit its size. Below the first it's Relaxed: easy to get a seat. Between the two it's Lively: buzzing, with space left. At or above the second it's Packed: expect a wait. When a venue's sensor hasn't reported for five minutes we show no level rather than an old one.",
  },
  {
    question: "Do the sensors track me?",
    answer:
      "No. The sensor counts how many people are around; it doesn't know who anyone is and we never store anything that identifies you. Your location is only shared with friends if you choose to share it in the app.",
  },
  {
    question: "What is a Live Look?",
    answer:
      "A short post, usually a photo or a video, from someone who is at the venue right now. Live Looks show what numbers can't: the band, the line, the game on the big screen.",
  },
  {
    question: "Is the app free, and where do I get it?",
    answer: (
      <>
        Yes, it's free, and it runs in your phone's browser: <PageLink to="/app">open the app</PageLink> and add it to your Home
        Screen (on iPhone, Share then Add to Home Screen; on Android, Chrome's menu then Install app). Or try
        the <PageLink to="/live-look">live map</PageLink> right here.
      </>
    ),
  },
];

const businessQuestions: Question[] = [
  {
    question: "How do I get my venue on Third Place?",
    answer: (
      <>
        Tell us about it on the <PageLink to="/submit-business">Submit a Business</PageLink> page. We'll get in touch, visit,
        and install the sensor ourselves.
      </>
    ),
  },
  {
    question: "What does the sensor need?",
    answer:
      "A wall socket and your venue's Wi-Fi. It's about the size of a phone charger, needs no staff training and should stay plugged in all the time. If your dashboard says the device is offline, check that it's still plugged in and that the Wi-Fi is working.",
  },
  {
    question: "What will I see in the dashboard?",
    answer:
      "Your live capacity, today's peak hour, hour-by-hour charts compared with a usual day, a calendar of busy and quiet days, and a weekly summary. Every number comes from your own sensor.",
  },
  {
    question: "Can I post events and specials?",
    answer:
      "Yes. Add trivia nights, game watches, live music and happy hours in the events manager; they appear on your venue's profile and in the app for people nearby.",
  },
  {
    question: "Can my business partners or managers use the dashboard too?",
    answer:
      "Yes. Use Assign Additional Owner in your dashboard to create a single-use invitation link and send it to them. Once they sign in with it they see the same venue.",
  },
  {
    question: "Who sees my numbers?",
    answer:
      "The public sees your current level (Relaxed, Lively or Packed). Detailed history, charts and headcounts are visible only to you and the owners you invite.",
  },
];

/** The name every question's <details> shares: opening one closes the one open before, across both sections. */
const ACCORDION = "faq";

function FaqSection(props: { id: string; heading: string; questions: Question[] }) {
  const headingId = `faq-${props.id}-heading`;
  return (
    <section className="faq-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.heading}</h2>
      <div className="accordion">
        {props.questions.map((item) => (
          <details className="accordion-item" name={ACCORDION} key={item.question}>
            <summary>
              <span>{item.question}</span>
              <span className="accordion-sign" aria-hidden="true" />
            </summary>
            <div className="accordion-panel">
              <p>{item.answer}</p>
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}

export function FaqAccordion() {
  return (
    <>
      <FaqSection id="consumers" heading="For consumers" questions={consumerQuestions} />
      <FaqSection id="businesses" heading="For businesses" questions={businessQuestions} />
    </>
  );
}
