// Web Push for this browser (docs/push.md#on-the-phone): the server's public key and the account's
// subscriptions. Its own file, so only the pages that offer notifications load it.
import type { OkAnswer } from "../../common/schemas/answers";
import type { PushPublicKeyAnswer, PushSubscribedAnswer, PushSubscriptionBody } from "../../common/schemas/push";
import { call, read } from "./endpoints";

export const pushApi = {
  publicKey: () => read<PushPublicKeyAnswer>("/api/push/public-key"),
  subscribe: (body: PushSubscriptionBody) => call<PushSubscribedAnswer>("POST", "/api/me/push-subscriptions", body),
  unsubscribe: (endpoint: string) => call<OkAnswer>("DELETE", "/api/me/push-subscriptions", { endpoint }),
};
