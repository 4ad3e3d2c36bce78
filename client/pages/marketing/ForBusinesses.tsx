import { Link } from "react-router";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import { useT } from "../../lib/i18n";
import { FeaturePage, type Feature } from "./FeaturePage";

const features: Feature[] = [
  {
    icon: "/images/icons/footsteps.svg",
    title: "businesses.trafficTitle",
    text: "businesses.traffic",
    points: ["businesses.traffic1", "businesses.traffic2", "businesses.traffic3"],
  },
  {
    icon: "/images/icons/smile.svg",
    title: "businesses.experienceTitle",
    text: "businesses.experience",
    points: ["businesses.experience1", "businesses.experience2", "businesses.experience3"],
  },
  {
    icon: "/images/icons/chart.svg",
    title: "businesses.insightsTitle",
    text: "businesses.insights",
    points: ["businesses.insights1", "businesses.insights2", "businesses.insights3"],
  },
  {
    icon: "/images/icons/megaphone.svg",
    title: "businesses.marketingTitle",
    comingSoon: true,
    text: "businesses.marketing",
    points: ["businesses.marketing1", "businesses.marketing2", "businesses.marketing3"],
  },
];

export default function ForBusinesses() {
  const t = useT();
  useDocumentTitle(PUBLIC_PAGE_TITLES["/bars"]);
  return (
    <FeaturePage
      title={t("businesses.title")}
      intro={t("businesses.intro")}
      features={features}
      callToAction={
        <>
          <h2>{t("businesses.onTheMap")}</h2>
          <Link to="/submit-business" className="button">{t("businesses.submit")}</Link>
          <Link to="/businesses" className="button secondary">{t("header.partnerLogIn")}</Link>
        </>
      }
    />
  );
}
