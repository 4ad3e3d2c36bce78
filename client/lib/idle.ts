// Scheduling for work the visitor does not wait for (session monitoring's loader and replay).

/** Runs `task` when the browser has nothing more urgent to do (soon after, where it cannot say). */
export const whenIdle = (task: () => void) => (window.requestIdleCallback ?? setTimeout)(task);
