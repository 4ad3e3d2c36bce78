// The fixed lists and bounds of menus and specials (docs/menus-and-specials.md#bounds), apart from
// vocabulary.ts so that pages without menus (every first view) do not load them.
/** The dietary tags a menu item may carry (docs/menus-and-specials.md), with the words the profile shows. */
export const DIETARY_TAGS = ["vegetarian", "vegan", "gluten-free", "dairy-free", "contains-nuts", "halal", "kosher", "spicy"] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number];
export const DIETARY_LABELS: Record<DietaryTag, string> = {
  vegetarian: "Vegetarian",
  vegan: "Vegan",
  "gluten-free": "Gluten-free",
  "dairy-free": "Dairy-free",
  "contains-nuts": "Contains nuts",
  halal: "Halal",
  kosher: "Kosher",
  spicy: "Spicy",
};

/** Bounds of a menu and of specials (docs/menus-and-specials.md#bounds). */
export const MENU_LIMITS = {
  sections: 20,
  itemsPerSection: 60,
  items: 300,
  sectionName: 80,
  itemName: 120,
  description: 500,
  maxPrice: 100_000,
} as const;
export const SPECIAL_LIMITS = { perPlace: 30, title: 80, text: 280, oneOffDays: 31 } as const;
