// /app/plans: the plans I organise or am invited to, soonest first (docs/friends.md#plans).
import { Link } from "react-router";
import { readFailure } from "../../../api/endpoints";
import { socialApi } from "../../../api/socialEndpoints";
import { useApi } from "../../../api/useApi";
import { useRequireSession } from "../../../api/useRequireSession";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { ANSWER_WORDS, planTime } from "./planText";
import "../app.css";

export default function Plans() {
  useDocumentTitle("Plans");
  const { ready, pickupView } = useRequireSession();
  const plans = useApi(ready ? socialApi.plans() : null, { refreshMs: 60_000 });
  return (
    <main className="page app-page" id="main">
      {pickupView}
      <h1>Plans</h1>
      <p>
        <Link className="button" to="/app/plans/new">Make a plan</Link>
      </p>
      {plans.error ? <p className="field-error">{readFailure(plans.error, "Your plans could not be loaded.", "Your plans could not be loaded: check your connection.")}</p> : null}
      {plans.data && plans.data.plans.length === 0 ? <p>No plans yet. Make one, or when a friend invites you, the plan shows up here.</p> : null}
      <ul className="plan-list">
        {plans.data?.plans.map((plan) => (
          <li key={plan.id} className="card app-section">
            <h2>
              <Link to={`/app/plans/${plan.id}`}>{plan.title ?? plan.place.name}</Link>
            </h2>
            <p>
              {plan.place.name} · <time dateTime={plan.starts_at}>{planTime(plan.starts_at)}</time>
            </p>
            <p className="hint">
              {plan.cancelled_at ? "Cancelled" : `${plan.going + 1} going`}
              {plan.my_answer ? ` · You: ${ANSWER_WORDS[plan.my_answer]}` : " · You have not answered"}
              {plan.organiser && plan.my_answer !== "organiser" ? ` · by ${plan.organiser.name}` : ""}
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}
