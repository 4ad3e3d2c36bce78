// Installing the app (docs/app.md#install): Chromium's install prompt is captured as soon as the
// page loads (it fires once) and shown only at a sensible moment, when other code calls
// offerInstall() (after saving a place) or the visitor presses "Install app". iPhone Safari has
// no prompt: it gets a short "Add to Home Screen" guide, which Web Push needs there.

/** Chromium's event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

export interface InstallState {
  /** Chromium offered to install the app and it is not installed yet. */
  canPrompt: boolean;
  /** iPhone or iPad Safari outside an installed app: the guide is the way to install. */
  iosGuide: boolean;
  /** Other code asked for the offer (after saving a place). */
  offered: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = { canPrompt: false, iosGuide: false, offered: false };
const listeners = new Set<() => void>();

function update(change: Partial<InstallState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

/**
 * iOS (iPads report a Mac with a touch screen) in a browser tab rather than an installed app.
 * Only Safari can add to the Home Screen on older iOS; the guide says so.
 */
export function needsIosGuide(userAgent: string, maxTouchPoints: number, standalone: boolean): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && !standalone;
}

/** Called once by main.tsx, before the prompt can fire. */
export function captureInstallPrompt(): void {
  const standalone =
    window.matchMedia?.("(display-mode: standalone)").matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  state = { ...state, iosGuide: needsIosGuide(navigator.userAgent, navigator.maxTouchPoints ?? 0, standalone) };
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // no mini-infobar on arrival
    deferred = event as BeforeInstallPromptEvent;
    update({ canPrompt: true });
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    update({ canPrompt: false });
  });
}

/** Ask for the install offer: call after the visitor saved a place. */
export function offerInstall(): void {
  update({ offered: true });
}

/** Shows Chromium's install dialog (it can be shown once per captured event). */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  update({ canPrompt: false });
  await event.prompt();
}

export function installState(): InstallState {
  return state;
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
