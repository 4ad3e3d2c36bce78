// A Live Look's photo or video, as the profile's strip, the owners' panel and the admin's queue show
// it (docs/live-looks.md#videos). A video plays inline, muted, with the browser's controls and never
// by itself: nobody's phone starts making noise in a bar. With a poster it loads nothing until
// played; without one it loads enough to show its first frame.
import type { LiveLookAnswer } from "../../common/schemas/answers";

type Media = Pick<LiveLookAnswer, "text" | "photo_url" | "video_url" | "poster_url">;

export function LookMedia({ look, width, height, className }: { look: Media; width: number; height: number; className?: string }) {
  if (look.video_url) {
    return (
      <video
        src={look.video_url}
        poster={look.poster_url ?? undefined}
        preload={look.poster_url ? "none" : "metadata"}
        controls
        muted
        playsInline
        width={width}
        height={height}
        className={className}
        aria-label={`Video: ${look.text}`}
      />
    );
  }
  return look.photo_url ? <img src={look.photo_url} alt={look.text} width={width} height={height} loading="lazy" decoding="async" fetchPriority="low" className={className} /> : null;
}
