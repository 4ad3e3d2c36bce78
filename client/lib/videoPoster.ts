// A chosen clip's length and its first frame as a JPEG, read by the browser itself before posting
// (docs/live-looks.md#videos): the worker has no decoder, so the poster is drawn here on a canvas.
// Best effort: a browser that cannot decode the clip (HEVC outside Safari) answers nulls, and the
// post goes without a poster; the server checks the length again from the file.

/** Posters are drawn at most this wide: a card shows them at 240 px. */
const POSTER_WIDTH = 640;

export interface ClipFacts {
  seconds: number | null;
  poster: Blob | null;
}

export function readClip(url: string): Promise<ClipFacts> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    const done = (facts: ClipFacts) => {
      video.removeAttribute("src");
      video.load();
      resolve(facts);
    };
    video.addEventListener("error", () => done({ seconds: null, poster: null }), { once: true });
    // The first frame is there (readyState 2).
    video.addEventListener(
      "loadeddata",
      () => {
        const seconds = Number.isFinite(video.duration) ? video.duration : null;
        const scale = Math.min(1, POSTER_WIDTH / Math.max(1, video.videoWidth));
        const canvas = document.createElement("canvas");
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        const context = canvas.getContext("2d");
        if (!context || canvas.width === 0 || canvas.height === 0) return done({ seconds, poster: null });
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        canvas.toBlob((poster) => done({ seconds, poster }), "image/jpeg", 0.8);
      },
      { once: true },
    );
    video.src = url;
  });
}
