// Notifications on this phone (docs/push.md#on-the-phone): ask the browser's permission, subscribe
// with the server's VAPID key and hand the subscription to the server, which pushes the account's
// inbox rows to it. The browser's push service and permission are the truth; nothing is kept here.
import { ApiError } from "../api/endpoints";
import { pushApi } from "../api/pushEndpoints";

/** unsupported: no service worker or Push API (an iPhone's Safari until the app is installed). */
export type PushState = "unsupported" | "denied" | "off" | "on";

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The VAPID key as PushManager.subscribe wants it: base64url text to bytes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** The app's service worker, registering it if this page has not yet (it is registered after load). */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  const container = navigator.serviceWorker;
  if (!(await container.getRegistration("/"))) await container.register("/sw.js", { scope: "/" });
  return container.ready;
}

/** Whether pushes reach this browser now. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission !== "granted") return "off";
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ? "on" : "off";
}

/**
 * Asks the permission (the browser shows its prompt once; it must follow a tap), subscribes and
 * sends the subscription to the server. The state it ends in: "denied" when the person said no.
 */
export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  const registration = await serviceWorker();
  const { public_key } = await pushApi.publicKey().load();
  const subscribe = () => registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(public_key) });
  const subscription = (await registration.pushManager.getSubscription()) ?? (await subscribe());
  try {
    await register(subscription);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    // Another account signed in here holds this browser's endpoint, which never moves
    // (docs/push.md#endpoints-never-move): a fresh subscription is a new endpoint, this account's.
    await subscription.unsubscribe();
    await register(await subscribe());
  }
  return "on";
}

/** Hands the browser's subscription to the server for the signed-in account. */
async function register(subscription: PushSubscription): Promise<void> {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error("The browser gave a subscription without keys.");
  await pushApi.subscribe({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
}

/** Stops pushes to this browser: the server forgets the endpoint, the browser the subscription. */
export async function turnOffPush(): Promise<PushState> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await pushApi.unsubscribe(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return "off";
}
