// A signed-in account's watches, "tell me when" (docs/watches.md): its own file, so only the pages
// that show watches load it.
import type { OkAnswer } from "../../common/schemas/answers";
import type { WatchAnswer, WatchBody, WatchList } from "../../common/schemas/watches";
import { call, read } from "./endpoints";

export const watchApi = {
  list: () => read<WatchList>("/api/me/watches"),
  add: (body: WatchBody) => call<WatchAnswer>("POST", "/api/me/watches", body),
  stop: (id: number) => call<OkAnswer>("DELETE", `/api/me/watches/${id}`),
};
