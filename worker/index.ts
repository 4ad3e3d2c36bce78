import { app } from "./app";

export { PlaceOccupancy } from "./occupancy/place-occupancy";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
