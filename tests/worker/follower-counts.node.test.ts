// What owners may see of followers (worker/lib/follower-counts.ts): no count below 5 followers,
// groups under 5 left out, neighbourhoods shown capitalised.
import { describe, expect, it } from "vitest";
import { followersAnswerOf, neighbourhoodName, reachOf } from "../../worker/lib/follower-counts";

describe("reachOf", () => {
  it("gives totals from 5 followers and none below", () => {
    expect(reachOf(5, 4, 1)).toEqual({ fewer_than_five: false, followers: 5, delivered: 4, opened: 1 });
    expect(reachOf(4, 4, 4)).toEqual({ fewer_than_five: true, followers: null, delivered: null, opened: null });
    expect(reachOf(0, 0, 0).fewer_than_five).toBe(true);
  });
});

describe("followersAnswerOf", () => {
  const shared = {
    sharing: 7,
    categories: [{ name: "pub", count: 5 }, { name: "wine-bar", count: 6 }, { name: "dive-bar", count: 4 }],
    vibes: [{ name: "Lively", count: 5 }],
    neighbourhoods: [{ name: "east village", count: 5 }],
  };

  it("shows groups of 5 or more, largest first, and says where the numbers come from", () => {
    const answer = followersAnswerOf(9, shared);
    expect(answer).toMatchObject({ fewer_than_five: false, followers: 9, sharing: 7, vibes: [{ name: "Lively", count: 5 }], neighbourhoods: [{ name: "East Village", count: 5 }] });
    expect(answer.categories).toEqual([{ name: "wine-bar", count: 6 }, { name: "pub", count: 5 }]);
    expect(answer.source).toMatch(/visitors who did not opt in are not in these numbers/);
  });

  it("shows nothing of sharers below 5 followers or below 5 sharers", () => {
    expect(followersAnswerOf(4, shared)).toMatchObject({ fewer_than_five: true, followers: null, sharing: null, categories: [], vibes: [], neighbourhoods: [] });
    expect(followersAnswerOf(9, { ...shared, sharing: 4 })).toMatchObject({ followers: 9, sharing: null, categories: [], vibes: [], neighbourhoods: [] });
  });

  it("capitalises neighbourhoods word by word", () => {
    expect(neighbourhoodName("hell's kitchen")).toBe("Hell's Kitchen");
    expect(neighbourhoodName("bedford-stuyvesant")).toBe("Bedford-Stuyvesant");
  });
});
