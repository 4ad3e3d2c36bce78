/**
 * Said where a form or button cannot work without JavaScript: the public pages are documents the
 * worker renders (docs/server-rendering.md), readable with JavaScript off, but sending goes through
 * the app.
 */
export function NeedsJavaScript({ what }: { what: string }) {
  return (
    <noscript>
      <p className="needs-javascript">{what} needs JavaScript, which is turned off in this browser.</p>
    </noscript>
  );
}
