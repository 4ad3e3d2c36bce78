// jsdom lacks what uPlot touches when it loads and draws: matchMedia (read at import), a 2D
// canvas context and Path2D. tests/client/setup.ts loads it before any test file.
if (typeof window.matchMedia !== "function") {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

/** An object that accepts every call and property and does nothing. */
function acceptEverything<T>(state: Record<PropertyKey, unknown>): T {
  return new Proxy(state, {
    get(target, property) {
      if (property in target) return target[property];
      if (property === "measureText") return (text: string) => ({ width: text.length * 6 });
      return () => undefined;
    },
    set(target, property, value) {
      target[property] = value;
      return true;
    },
  }) as T;
}

HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  return acceptEverything<CanvasRenderingContext2D>({ canvas: this });
} as unknown as typeof HTMLCanvasElement.prototype.getContext;

if (typeof globalThis.Path2D === "undefined") {
  globalThis.Path2D = function Path2D() {
    return acceptEverything<Path2D>({});
  } as unknown as typeof Path2D;
}
