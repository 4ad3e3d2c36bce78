// The words of a profile's menu (docs/menus-and-specials.md#on-the-profile).
export const MENU_MESSAGES = {
  heading: "Menu",
  show: "Show menu",
  hide: "Hide menu",
  foodUntil: (time: string) => `Food until ${time}`,
} as const;
