// A QR code's dark modules as one SVG path (uqr's module matrix, a unit square each): drawn by the
// browser as SVG (no canvas, no image data URL, nothing for the CSP to allow) and by the worker for
// an offer claim's qr_svg (docs/offers.md#claims).
import { encode } from "uqr";

export function qrPath(text: string): { size: number; path: string } {
  const { size, data } = encode(text, { ecc: "M", border: 2 });
  let path = "";
  data.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) path += `M${x} ${y}h1v1h-1z`;
  }));
  return { size, path };
}
