import { Link } from "react-router";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import { FeaturePage, type Feature } from "./FeaturePage";

const features: Feature[] = [
  {
    icon: "/images/icons/footsteps.svg",
    title: "Increase Foot Traffic",
    text: "People nearby see your live crowd level and tonight's events, so the ones looking for exactly your vibe walk in.",
    points: [
      "Real-time crowd and event updates on the Third Place map and app",
      "Notifications when your venue matches what a guest is looking for",
      "Your events listed next to your live level",
    ],
  },
  {
    icon: "/images/icons/smile.svg",
    title: "Better Customer Experience",
    text: "Guests who know what to expect arrive happier. Spread the crowd instead of turning people away at the door.",
    points: [
      "Crowd control: guests see you're packed and plan around it",
      "Encourage visits in slower periods with happy hours and specials",
      "Fewer disappointed walk-outs on your busiest nights",
    ],
  },
  {
    icon: "/images/icons/chart.svg",
    title: "Data-Driven Insights",
    text: "Your dashboard turns the sensor's minute-by-minute counts into answers you can staff and plan around.",
    points: [
      "Peak hours and how today compares with a usual day",
      "Which events actually fill the room",
      "Customer demographics and predictive analytics for the weeks ahead",
    ],
  },
  {
    icon: "/images/icons/megaphone.svg",
    title: "Targeted Marketing",
    comingSoon: true,
    text: "Reach the people most likely to come in, at the moment they're deciding where to go.",
    points: ["Custom promotions for the right audience", "Event announcements to people nearby", "Special offers for quiet hours"],
  },
];

export default function ForBusinesses() {
  useDocumentTitle(PUBLIC_PAGE_TITLES["/bars"]);
  return (
    <FeaturePage
      title="Third Place for Businesses"
      intro="Show people what's happening inside before they arrive. A plug-in sensor, installed by our team, shares your live crowd level with guests nearby and gives you a dashboard of your busiest and quietest hours."
      features={features}
      callToAction={
        <>
          <h2>Put your venue on the map</h2>
          <Link to="/submit-business" className="button">Submit your business</Link>
          <Link to="/businesses" className="button secondary">Partner Log-In</Link>
        </>
      }
    />
  );
}
