// The consumer app's first paint (docs/app.md#first-paint): the HTML of an /app path carries the
// app's frame instead of the site's header, the top bar, a page of skeletons and the tab bar with
// the shell's own classes, and the shell's stylesheet (the build tags it with its chunk,
// vite.config.ts), so a phone waiting for the script shows the app, and React's shell takes the
// same place (issue 36 #11: the marketing header, then 3.4 s of nothing).
import { APP_SHELL_CHUNK, SHELL_MESSAGES } from "../../common/app-shell";
import { escapeMarkup } from "../../common/markup";

/** The shell's look while its script loads: the real top bar, skeleton rows and a tab bar of blank tabs. */
export function appShellPlaceholder(): string {
  const rows = '<span class="skeleton-row tall"></span>'.repeat(4);
  const tabs = '<li><span class="tab-skeleton"></span></li>'.repeat(Object.keys(SHELL_MESSAGES.tabs).length);
  return (
    '<div class="page-root"><div class="app-shell">' +
    `<header class="app-topbar"><a href="/app" class="app-topbar-home" aria-label="${escapeMarkup(SHELL_MESSAGES.home)}">` +
    `<img src="/favicon.svg" alt="" width="28" height="28" /><span>${escapeMarkup(SHELL_MESSAGES.appName)}</span></a></header>` +
    '<main class="page app-page" id="main"><span class="skeleton-heading" aria-hidden="true"></span>' +
    `<div class="skeleton" role="status" aria-label="${escapeMarkup(SHELL_MESSAGES.loading)}" aria-busy="true">${rows}</div></main>` +
    `<nav class="tab-bar" aria-hidden="true"><ul>${tabs}</ul></nav>` +
    "</div></div>"
  );
}

/**
 * The app's HTML for an /app path: the root's content swapped for the shell's placeholder, and of
 * the stylesheets tagged with their pages only the shell's kept (the public pages' are for them).
 * The entry script keeps its priority: it is what draws the page.
 */
export function withAppShell(html: Response): Response {
  return new HTMLRewriter()
    .on("link[data-pages]", {
      element(link) {
        if (!(link.getAttribute("data-pages")?.split(" ") ?? []).includes(APP_SHELL_CHUNK)) link.remove();
      },
    })
    .on("#root", {
      element(root) {
        root.setInnerContent(appShellPlaceholder(), { html: true });
      },
    })
    .transform(html);
}
