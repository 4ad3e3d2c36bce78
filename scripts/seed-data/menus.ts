// Demo menus and specials for a few venues (docs/menus-and-specials.md), written as an owner would
// send them (PUT /api/place/{id}/menu, POST /api/place/{id}/specials).
import type { MenuInput } from "../../common/schemas/menu.ts";
import type { SpecialCreate } from "../../common/schemas/special.ts";

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const;

export const seedMenus: Record<string, MenuInput> = {
  "the-copper-lantern": {
    sections: [
      {
        name: "Cocktails",
        items: [
          { name: "Copper Mule", description: "Vodka, ginger beer, lime", price: 14, dietary: ["vegan", "gluten-free"] },
          { name: "Lantern Old Fashioned", description: "Rye, demerara, orange bitters", price: 16, dietary: ["vegan"] },
          { name: "Garden Spritz", description: "Aperitivo, prosecco, soda (low alcohol)", price: 12, dietary: ["vegan"] },
        ],
      },
      {
        name: "Bar snacks",
        items: [
          { name: "Rosemary fries", description: "With garlic aioli", price: 9, dietary: ["vegetarian"] },
          { name: "Spiced nuts", description: "Warm, honey and chili", price: 7, dietary: ["vegetarian", "gluten-free", "contains-nuts", "spicy"] },
        ],
      },
    ],
    kitchen_hours: { until: "23:00" },
  },
  "st-marks-tap-room": {
    sections: [
      {
        name: "On tap",
        items: [
          { name: "House lager", description: "16 oz", price: 8, dietary: ["vegan"] },
          { name: "Hazy IPA", description: "16 oz, rotating local brewery", price: 9, dietary: ["vegan"] },
        ],
      },
      { name: "Food", items: [{ name: "Smash burger", description: "Double patty, American cheese, pickles", price: 15, dietary: [] }] },
    ],
    kitchen_hours: { until: "22:00" },
  },
  "ninth-street-taqueria": {
    sections: [
      {
        name: "Tacos",
        items: [
          { name: "Al pastor", description: "Pork, pineapple, onion, cilantro", price: 4.5, dietary: ["gluten-free"] },
          { name: "Hongos", description: "Mushrooms, salsa verde", price: 4, dietary: ["vegan", "gluten-free"] },
        ],
      },
      { name: "Drinks", items: [{ name: "Margarita", description: "Blanco tequila, lime, agave", price: 11, dietary: ["vegan", "gluten-free"] }] },
    ],
    kitchen_hours: { until: "23:30" },
  },
  // Berlin: prices in euros, its city's currency (docs/cities.md).
  kupferkessel: {
    sections: [
      {
        name: "Cocktails",
        items: [
          { name: "Kupfer-Mule", description: "Wodka, Ingwerbier, Limette", price: 11.5, dietary: ["vegan", "gluten-free"] },
          { name: "Spreewald Sour", description: "Gin, Gurke, Zitrone, Eiweiß", price: 12, dietary: ["vegetarian"] },
        ],
      },
      { name: "Snacks", items: [{ name: "Brezel mit Obazda", description: "Bayerischer Käseaufstrich, Zwiebeln", price: 6.5, dietary: ["vegetarian"] }] },
    ],
    kitchen_hours: { until: "23:00" },
  },
  "zur-goerlitzer-kneipe": {
    sections: [
      {
        name: "Vom Fass",
        items: [
          { name: "Berliner Pils", description: "0,5 l", price: 4.2, dietary: ["vegan"] },
          { name: "Kreuzberger Helles", description: "0,5 l, aus der Brauerei um die Ecke", price: 4.8, dietary: ["vegan"] },
        ],
      },
      { name: "Essen", items: [{ name: "Currywurst mit Pommes", description: "Hausgemachte Soße", price: 7.9, dietary: [] }] },
    ],
    kitchen_hours: { until: "22:00" },
  },
};

export const seedSpecials: Record<string, SpecialCreate[]> = {
  "the-copper-lantern": [{ title: "Happy hour", text: "$9 Copper Mules, half-price fries", schedule: { kind: "weekly", days: [...weekdays], from: "17:00", to: "19:00" } }],
  "st-marks-tap-room": [{ title: "Late night pints", text: "$5 house lager", schedule: { kind: "weekly", days: ["Friday", "Saturday"], from: "23:00", to: "02:00" } }],
  "ninth-street-taqueria": [{ title: "Taco Tuesday", text: "$3 tacos all night", schedule: { kind: "weekly", days: ["Tuesday"], from: "16:00", to: "23:00" } }],
  // On Berlin's clock.
  "spreewald-schankstube": [{ title: "Happy Hour", text: "Gurken-Spritz 5 €", schedule: { kind: "weekly", days: [...weekdays], from: "17:00", to: "19:00" } }],
};
