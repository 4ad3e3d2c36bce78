// /businesses' way in (an island, docs/server-rendering.md#islands): the worker renders it signed
// out, as every page; at the first touch it learns whether this browser holds a session and offers
// the dashboard instead.
import { Link } from "react-router";
import { useSignedIn } from "../../api/useSignedIn";
import { useT } from "../../lib/i18n";

export function PartnerSignIn() {
  const signedIn = useSignedIn();
  const t = useT();
  return (
    <div className="cta-row">
      {signedIn ? (
        <>
          <Link className="button" to="/dashboard">{t("partner.toDashboard")}</Link>
          <Link className="button secondary" to="/auth?next=%2Fdashboard">{t("partner.otherAccount")}</Link>
        </>
      ) : (
        <>
          <Link className="button" to="/auth?next=%2Fdashboard">{t("partner.signIn")}</Link>
          <Link className="button secondary" to="/auth?mode=signup&next=%2Fdashboard">{t("partner.signUp")}</Link>
        </>
      )}
    </div>
  );
}
