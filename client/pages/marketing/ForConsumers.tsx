import { Link } from "react-router";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import { AppStoreBadge } from "./AppStoreBadge";
import { FeaturePage, type Feature } from "./FeaturePage";

const features: Feature[] = [
  {
    icon: "/images/icons/compass.svg",
    title: "Discover New Places",
    text: "Find bars and restaurants you'd have walked straight past, with everything you need to decide.",
    points: ["Details, hours, menus and photos for every venue", "Real-time updates from the venue and its guests", "Filter by vibe: Relaxed, Lively or Packed"],
  },
  {
    icon: "/images/icons/pulse.svg",
    title: "Real-Time Updates",
    text: "Know before you go. What you see is measured minutes ago, not last month's average.",
    points: ["Live crowd levels and wait times", "Tonight's events at each venue", "Offers and specials as venues post them"],
  },
  {
    icon: "/images/icons/friends.svg",
    title: "Enhanced Social Experience",
    text: "Going out is better together. Coordinate with friends and find the nights worth showing up for.",
    points: ["See where friends are, message them and plan meetups", "Happy hours, game watches and themed nights", "Live Looks: photos and videos from people in the room"],
  },
  {
    icon: "/images/icons/tag.svg",
    title: "Exclusive Offers",
    comingSoon: true,
    text: "Deals from the venues you love, only for Third Place members.",
    points: ["Real-time pricing when a venue has room", "Discounts tailored to what you like", "Early access to special events"],
  },
];

export default function ForConsumers() {
  useDocumentTitle(PUBLIC_PAGE_TITLES["/consumers"]);
  return (
    <FeaturePage
      title="Third Place for Consumers"
      intro="Your night out starts with the right room. Third Place is a free app that shows how busy bars and restaurants are right now, what's on tonight and where your friends are heading."
      features={features}
      callToAction={
        <>
          <h2>Get the free app</h2>
          <AppStoreBadge />
          <Link to="/app" className="button">Open the app</Link>
          <Link to="/live-look" className="button secondary">Try the live map on the web</Link>
        </>
      }
    />
  );
}
