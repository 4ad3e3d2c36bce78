// A local stand-in for the live map's tile server (docs/performance.md#method): every tile is the
// same small grey PNG, so Lighthouse's run of /live-look loads a basemap offline as it would online
// (a failing tile is an error in the console and a request that never completes). The app takes the
// stand-in's address as its MAP_TILE_URL var, which the worker reads on every request.
import { createServer } from "node:http";
import { deflateSync, crc32 } from "node:zlib";
import { freePort } from "../serve-built-app.ts";

const SIZE = 256;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 256×256 PNG of the map's grey (#e7e5e4), 8-bit RGB. */
function greyTile(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: SIZE }, () => [0xe7, 0xe5, 0xe4]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: SIZE }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(pixels)), chunk("IEND", Buffer.alloc(0))]);
}

export interface TileStandIn {
  /** The XYZ template for MAP_TILE_URL. */
  tileUrl: string;
  /** Tiles served so far. */
  served(): number;
  stop(): Promise<void>;
}

export async function startTileStandIn(): Promise<TileStandIn> {
  const tile = greyTile();
  let served = 0;
  const server = createServer((request, response) => {
    request.resume();
    served++;
    response.writeHead(200, { "content-type": "image/png", "content-length": tile.length, "cache-control": "public, max-age=86400", "access-control-allow-origin": "*" }).end(tile);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    tileUrl: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    served: () => served,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
