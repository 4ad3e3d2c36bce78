// The Save / Saved toggle (client/app/SaveButton.tsx): its name and pressed state, the keyboard,
// the busy state, and the sign-in link for a signed-out visitor that comes back to the page.
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { RouterLinks } from "../../client/lib/routerLinks";
import { describe, expect, it, vi } from "vitest";
import { SaveButton } from "../../client/app/SaveButton";

const at = (element: React.ReactNode, path = "/profile/the-copper-lantern?tab=1") => render(<MemoryRouter initialEntries={[path]}><RouterLinks>{element}</RouterLinks></MemoryRouter>);

describe("SaveButton", () => {
  it("is a toggle named for the place", () => {
    const onToggle = vi.fn();
    const { rerender } = at(<SaveButton placeName="The Copper Lantern" saved={false} signedIn onToggle={onToggle} />);
    const button = screen.getByRole("button", { name: "Save The Copper Lantern" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledTimes(1);
    rerender(
      <MemoryRouter>
        <SaveButton placeName="The Copper Lantern" saved signedIn onToggle={onToggle} />
      </MemoryRouter>,
    );
    const saved = screen.getByRole("button", { name: "Saved The Copper Lantern" });
    expect(saved.getAttribute("aria-pressed")).toBe("true");
    expect(saved.textContent).toContain("Saved");
  });

  it("is a native button, so Enter and Space work, and is disabled while busy", () => {
    const onToggle = vi.fn();
    at(<SaveButton placeName="The Copper Lantern" saved={false} signedIn busy onToggle={onToggle} />);
    const button = screen.getByRole("button", { name: "Save The Copper Lantern" });
    expect(button.tagName).toBe("BUTTON");
    expect(button.getAttribute("type")).toBe("button");
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("signed out, links to sign in and back", () => {
    const onToggle = vi.fn();
    at(<SaveButton placeName="The Copper Lantern" saved={false} signedIn={false} onToggle={onToggle} />);
    expect(screen.queryByRole("button")).toBeNull();
    const link = screen.getByRole("link", { name: "Sign in to save The Copper Lantern" });
    expect(link.getAttribute("href")).toBe(`/signin?next=${encodeURIComponent("/profile/the-copper-lantern?tab=1")}`);
  });
});
