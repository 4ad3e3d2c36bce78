import { Link } from "react-router";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import { useT } from "../../lib/i18n";
import { AppStoreBadge } from "./AppStoreBadge";
import { FeaturePage, type Feature } from "./FeaturePage";

const features: Feature[] = [
  {
    icon: "/images/icons/compass.svg",
    title: "consumers.discoverTitle",
    text: "consumers.discover",
    points: ["consumers.discover1", "consumers.discover2", "consumers.discover3"],
  },
  {
    icon: "/images/icons/pulse.svg",
    title: "consumers.updatesTitle",
    text: "consumers.updates",
    points: ["consumers.updates1", "consumers.updates2", "consumers.updates3"],
  },
  {
    icon: "/images/icons/friends.svg",
    title: "consumers.socialTitle",
    text: "consumers.social",
    points: ["consumers.social1", "consumers.social2", "consumers.social3"],
  },
  {
    icon: "/images/icons/tag.svg",
    title: "consumers.offersTitle",
    comingSoon: true,
    text: "consumers.offers",
    points: ["consumers.offers1", "consumers.offers2", "consumers.offers3"],
  },
];

export default function ForConsumers() {
  const t = useT();
  useDocumentTitle(PUBLIC_PAGE_TITLES["/consumers"]);
  return (
    <FeaturePage
      title={t("consumers.title")}
      intro={t("consumers.intro")}
      features={features}
      callToAction={
        <>
          <h2>{t("consumers.getApp")}</h2>
          <AppStoreBadge />
          <Link to="/app" className="button">{t("consumers.openApp")}</Link>
          <Link to="/live-look" className="button secondary">{t("consumers.tryMap")}</Link>
        </>
      }
    />
  );
}
