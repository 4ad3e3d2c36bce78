// The first use of Intl in a page loads ICU's data, about 150 ms in one piece at Lighthouse's 4×
// slower phone; a profile's first render (hours today in the venue's zone) paid it inside one
// component, where hydrating in slices cannot cut it. Loaded beforehand in two tasks of their own
// (numbers, then dates), no task of it is much over 50 ms (docs/server-rendering.md#hydration-in-slices).

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** Loads ICU's data a part a task, none in the caller's; resolves when it is in. */
export async function warmIntl(): Promise<void> {
  await nextTask();
  new Intl.NumberFormat("en-US").format(1);
  await nextTask();
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).format(0);
}
