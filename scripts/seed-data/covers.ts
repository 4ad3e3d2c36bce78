// Cover art for the demo venues: a small SVG per venue (gradient, skyline, name), so the seed
// ships no binary files and every venue still has a distinct, readable cover.
import type { SeedVenue } from "./venues.ts";

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

export function coverSvg(venue: Pick<SeedVenue, "slug" | "name" | "category" | "palette">): string {
  const [light, dark] = venue.palette;
  let seed = hash(venue.slug);
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const buildings: string[] = [];
  for (let x = 0; x < 800; ) {
    const width = 40 + Math.floor(next() * 70);
    const height = 90 + Math.floor(next() * 170);
    buildings.push(`<rect x="${x}" y="${450 - height}" width="${width - 6}" height="${height}" />`);
    x += width;
  }
  const windows: string[] = [];
  for (let i = 0; i < 60; i++) {
    windows.push(`<rect x="${Math.floor(next() * 780)}" y="${230 + Math.floor(next() * 200)}" width="8" height="12" />`);
  }
  const label = escapeXml(venue.name);
  const category = escapeXml(venue.category.replace(/-/g, " "));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450" role="img" aria-label="${label}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#sky)"/>
<g fill="${dark}" opacity="0.85">${buildings.join("")}</g>
<g fill="#fde68a" opacity="0.8">${windows.join("")}</g>
<rect x="0" y="330" width="800" height="120" fill="#000" opacity="0.35"/>
<text x="40" y="395" fill="#fff" font-family="Helvetica, Arial, sans-serif" font-size="44" font-weight="700">${label}</text>
<text x="42" y="428" fill="#fff" opacity="0.8" font-family="Helvetica, Arial, sans-serif" font-size="22" letter-spacing="2">${category.toUpperCase()}</text>
</svg>`;
}
