// "Get told on this phone" (docs/push.md#on-the-phone): offered right after a person's first watch
// and in settings. It asks the browser's permission only when tapped (browsers refuse a prompt
// nobody asked for), subscribes and tells the server; without it alerts reach only the inbox.
import { useEffect, useState } from "react";
import { writeFailure } from "../api/endpoints";
import { pushState, turnOffPush, turnOnPush, type PushState } from "./push";
import "./push-prompt.css";

export const PUSH_TEXT = {
  offer: "Get told on this phone, not only in your inbox.",
  turnOn: "Turn on notifications",
  turningOn: "Turning on…",
  on: "Notifications are on for this phone.",
  turnOff: "Turn off on this phone",
  denied: "Notifications are blocked for this site in your browser's settings. Alerts still reach your inbox.",
  unsupportedIos: "On iPhone, add Third Place to your Home Screen (Share, then Add to Home Screen) and open it from there to turn on notifications.",
  unsupported: "This browser cannot show notifications. Alerts still reach your inbox.",
  failed: "Could not turn on notifications. Please try again.",
} as const;

/** iPhone and iPad browsers get Web Push only in an app added to the Home Screen. */
const onIosBrowser = () => /iPhone|iPad|iPod/.test(navigator.userAgent) && !window.matchMedia("(display-mode: standalone)").matches;

/** `offer`: shown after a watch, it says nothing once pushes are on; `settings` shows every state. */
export function PushPrompt({ mode }: { mode: "offer" | "settings" }) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void pushState().then((found) => live && setState(found), () => live && setState("unsupported"));
    return () => {
      live = false;
    };
  }, []);

  const change = async (turn: () => Promise<PushState>) => {
    setBusy(true);
    setProblem(null);
    try {
      setState(await turn());
    } catch (error) {
      setProblem(writeFailure(error, PUSH_TEXT.failed, PUSH_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };

  if (state === null || (mode === "offer" && state === "on")) return null;
  return (
    <div className="push-prompt" role="group" aria-label="Notifications on this phone">
      {state === "off" ? (
        <>
          <p>{PUSH_TEXT.offer}</p>
          <button type="button" className="button" disabled={busy} onClick={() => void change(turnOnPush)}>
            {busy ? PUSH_TEXT.turningOn : PUSH_TEXT.turnOn}
          </button>
        </>
      ) : state === "on" ? (
        <>
          <p>{PUSH_TEXT.on}</p>
          <button type="button" className="button secondary" disabled={busy} onClick={() => void change(turnOffPush)}>
            {PUSH_TEXT.turnOff}
          </button>
        </>
      ) : (
        <p>{state === "denied" ? PUSH_TEXT.denied : onIosBrowser() ? PUSH_TEXT.unsupportedIos : PUSH_TEXT.unsupported}</p>
      )}
      {problem ? <p role="alert" className="form-error">{problem}</p> : null}
    </div>
  );
}

export default PushPrompt;
