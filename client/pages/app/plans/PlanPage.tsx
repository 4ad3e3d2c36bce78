// /app/plans/:planId: a plan with its forecast, a suggestion when it looks bad, who is coming, my
// answer, and its conversation (docs/friends.md#plans).
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ownerApi } from "../../../api/ownerEndpoints";
import { readFailure, writeFailure } from "../../../api/endpoints";
import { socialApi } from "../../../api/socialEndpoints";
import { useApi } from "../../../api/useApi";
import { useRequireSession } from "../../../api/useRequireSession";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { RSVP_ANSWERS, type RsvpAnswer } from "../../../../common/schemas/plans";
import { ChatPanel } from "../chat/ChatPanel";
import { PlanOrganiser } from "./PlanOrganiser";
import { PLAN_MESSAGES } from "./planMessages";
import { ANSWER_WORDS, forecastLine, placeSuggestionLine, planTime, timeSuggestionLine } from "./planText";
import "../app.css";

export default function PlanPage() {
  const planId = Number(useParams().planId);
  const { ready, pickupView } = useRequireSession();
  const me = useApi(ready ? ownerApi.me() : null);
  const plan = useApi(ready && planId > 0 ? socialApi.plan(planId) : null);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const navigate = useNavigate();
  const myId = me.data?.id ?? null;

  /** Opens (or starts) the conversation with a friend; a person no longer a friend gets a sentence. */
  const messagePerson = async (accountId: number) => {
    setAnswerError(null);
    try {
      navigate(`/app/messages/${(await socialApi.openPair(accountId)).id}`);
    } catch (error) {
      setAnswerError(writeFailure(error, "You can message friends only.", "The conversation could not be opened: check your connection."));
    }
  };
  const messageButton = (person: { id: number; name: string }) =>
    myId !== null && person.id !== myId ? (
      <button type="button" className="link-button" onClick={() => void messagePerson(person.id)} aria-label={`Message ${person.name}`}>
        Message
      </button>
    ) : null;
  useDocumentTitle(plan.data ? (plan.data.title ?? plan.data.place.name) : "Plan");

  const answer = async (value: RsvpAnswer) => {
    setAnswerError(null);
    try {
      plan.setData(await socialApi.rsvp(planId, value));
    } catch (error) {
      setAnswerError(writeFailure(error, "Your answer was not saved.", "Your answer was not saved: check your connection."));
    }
  };

  const data = plan.data;
  const forecast = data ? forecastLine(data.forecast) : null;
  return (
    <main className="page app-page" id="main">
      {pickupView}
      <p><Link to="/app/plans">All plans</Link></p>
      {plan.error ? <p className="field-error">{readFailure(plan.error, "This plan was not found.", "This plan could not be loaded: check your connection.")}</p> : null}
      {data ? (
        <>
          <h1>{data.title ?? data.place.name}</h1>
          <p>
            <Link to={`/profile/${data.place.slug}`}>{data.place.name}</Link> · <time dateTime={data.starts_at}>{planTime(data.starts_at)}</time>
          </p>
          {data.cancelled_at ? <p className="field-error">{data.organiser.name} cancelled this plan.</p> : null}
          {forecast ? <p className="plan-forecast">{forecast}</p> : null}
          <PlanOrganiser plan={data} onChange={plan.setData} />
          {data.suggestion && (data.suggestion.place || data.suggestion.time) ? (
            <section className="card app-section" aria-labelledby="plan-suggestion">
              <h2 id="plan-suggestion">It looks busy then</h2>
              <ul>
                {data.suggestion.place ? (
                  <li>
                    <Link to={`/profile/${data.suggestion.place.slug}`}>{placeSuggestionLine(data.suggestion.place)}</Link>
                  </li>
                ) : null}
                {data.suggestion.time ? <li>Same place, {timeSuggestionLine(data.suggestion.time)}</li> : null}
              </ul>
            </section>
          ) : null}
          <section className="card app-section" aria-labelledby="plan-people">
            <h2 id="plan-people">
              Who's coming{data.capacity ? ` (room for ${data.capacity})` : ""}
            </h2>
            <ul>
              <li>
                {data.organiser.name}: Organiser {messageButton(data.organiser)}
              </li>
              {data.invitees.map((invitee) => (
                <li key={invitee.id}>
                  {invitee.name}: {invitee.answer ? ANSWER_WORDS[invitee.answer] : "No answer yet"} {messageButton(invitee)}
                </li>
              ))}
            </ul>
            {data.my_answer !== "organiser" && !data.cancelled_at ? (
              <fieldset className="rsvp">
                <legend>{PLAN_MESSAGES.answerLabel}</legend>
                {/* One segmented control: the chosen answer is filled and pressed (aria-pressed). */}
                <div className="segmented">
                  {RSVP_ANSWERS.map((value) => (
                    <button key={value} type="button" aria-pressed={data.my_answer === value} onClick={() => void answer(value)}>
                      {ANSWER_WORDS[value]}
                    </button>
                  ))}
                </div>
                {answerError ? <p className="field-error" role="alert">{answerError}</p> : null}
              </fieldset>
            ) : null}
          </section>
          <h2>Chat</h2>
          <ChatPanel conversationId={data.conversation_id} myId={myId} writable={!data.cancelled_at} label={data.title ?? data.place.name} />
        </>
      ) : null}
    </main>
  );
}
