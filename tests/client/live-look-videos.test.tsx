// Live Look videos in the profile's strip and its form (docs/live-looks.md#videos): a video plays
// inline, muted, with controls and never by itself; the form takes a clip from the phone's camera,
// sends it as `video` with the poster the browser drew, never with a photo, and stops a clip too long.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveLookAnswer } from "../../common/schemas/answers";
import { readClip } from "../../client/lib/videoPoster";
import { renderStrip } from "./live-look-fixtures";

vi.mock("../../client/lib/videoPoster", () => ({ readClip: vi.fn() }));

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const videoLook: LiveLookAnswer = {
  id: 7,
  text: "Band starting now",
  photo_url: null,
  video_url: "/api/videos/live-looks/a.mp4",
  not_checked: false,
  poster_url: "/api/images/live-looks/a.jpg",
  wait: null,
  vibe: "Lively",
  created_at: new Date().toISOString(),
};

beforeEach(() => {
  URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(readClip).mockReset();
});

async function openForm(stored: LiveLookAnswer[] = []) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== "POST") return json({ live_looks: stored, wait_summary: null, next_cursor: null });
    stored.push(videoLook);
    return json(videoLook, 201);
  });
  vi.stubGlobal("fetch", fetchMock);
  renderStrip(false);
  fireEvent.click(await screen.findByRole("button", { name: "Post a Live Look" }));
  fireEvent.change(await screen.findByLabelText(/What's it like right now\?/), { target: { value: "Band starting now" } });
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "POST");

describe("Live Look videos", () => {
  it("shows a video inline, muted, with controls and its poster, never playing by itself", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ live_looks: [videoLook], wait_summary: null, next_cursor: null })));
    renderStrip(false);
    const [item] = await screen.findAllByRole("listitem");
    const video = item.querySelector("video")!;
    expect(video).toHaveAttribute("src", "/api/videos/live-looks/a.mp4");
    expect(video).toHaveAttribute("poster", "/api/images/live-looks/a.jpg");
    expect(video).toHaveAttribute("controls");
    expect(video).toHaveAttribute("playsinline");
    expect(video.muted).toBe(true);
    expect(video).not.toHaveAttribute("autoplay");
    expect(video).toHaveAttribute("preload", "none");
    expect(video).toHaveAccessibleName("Video: Band starting now");
    expect(within(item).queryByRole("img")).toBeNull();
  });

  it("records with the phone's camera and posts the clip with its poster, not a photo", async () => {
    const poster = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" });
    vi.mocked(readClip).mockResolvedValue({ seconds: 4.2, poster });
    const fetchMock = await openForm();
    const videoInput = screen.getByLabelText(/^Or a video/);
    expect(videoInput).toHaveAttribute("accept", "video/*");
    expect(videoInput).toHaveAttribute("capture", "environment");

    fireEvent.change(screen.getByLabelText(/^Photo/), { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], "p.jpg", { type: "image/jpeg" })] } });
    expect(screen.getByRole("img", { name: "Preview of your photo" })).toBeInTheDocument();
    fireEvent.change(videoInput, { target: { files: [new File([new Uint8Array(64)], "clip.mov", { type: "video/quicktime" })] } });
    // A post has a photo or a video: the photo goes.
    expect(screen.queryByRole("img", { name: "Preview of your photo" })).toBeNull();
    expect(screen.getByLabelText("Preview of your video")).toHaveAttribute("src", "blob:clip.mov");
    await waitFor(() => expect(readClip).toHaveBeenCalledWith("blob:clip.mov"));
    expect(await screen.findByText("Its first frame shows until it is played.")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Post Live Look" }));
    expect(await screen.findByText("Thanks! Your Live Look is posted.")).toBeInTheDocument();
    const body = posts(fetchMock)[0][1]!.body as FormData;
    expect((body.get("video") as File).name).toBe("clip.mov");
    expect((body.get("poster") as File).type).toBe("image/jpeg");
    expect(body.get("photo")).toBeNull();
  });

  it("stops a clip longer than 15 seconds before sending it", async () => {
    vi.mocked(readClip).mockResolvedValue({ seconds: 21, poster: null });
    const fetchMock = await openForm();
    fireEvent.change(screen.getByLabelText(/^Or a video/), { target: { files: [new File([new Uint8Array(64)], "long.mp4", { type: "video/mp4" })] } });
    expect(await screen.findByText("Videos must be at most 15 seconds long.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Post Live Look" }));
    await waitFor(() => expect(screen.getByLabelText(/^Or a video/)).toHaveFocus());
    expect(posts(fetchMock)).toHaveLength(0);
  });
});
