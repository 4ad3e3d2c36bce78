// The words of the profile's Live Looks (docs/live-looks.md#who-may-post) that say who may post and
// how far a post is checked.
export const LIVE_LOOK_MESSAGES = {
  post: "Post a Live Look",
  signInToPost: "Sign in to post a Live Look",
  notChecked: "Not checked against the sensor",
  notCheckedTitle: "This post said the opposite of the venue's sensor when it was posted.",
} as const;
