// Friends, blocks, invite links and check-ins for a signed-in account (docs/friends.md). A module of
// its own so only the /app pages and the venue profile's check-in control load it.
import type { OkAnswer } from "../../common/schemas/answers";
import type {
  BlocksAnswer,
  CheckInBody,
  FriendAnswer,
  FriendRequestCreated,
  FriendRequestsAnswer,
  FriendsAnswer,
  FriendsHere,
  FriendsOut,
  InviteCreated,
  MyCheckIn,
} from "../../common/schemas/friends";
import { call, read } from "./endpoints";

export const friendsApi = {
  friends: () => read<FriendsAnswer>("/api/me/friends"),
  remove: (accountId: number) => call<OkAnswer>("DELETE", `/api/me/friends/${accountId}`),
  requests: () => read<FriendRequestsAnswer>("/api/me/friend-requests"),
  ask: (handle: string) => call<FriendRequestCreated>("POST", "/api/me/friend-requests", { handle }),
  accept: (id: number) => call<OkAnswer>("POST", `/api/me/friend-requests/${id}/accept`),
  decline: (id: number) => call<OkAnswer>("POST", `/api/me/friend-requests/${id}/decline`),
  withdraw: (id: number) => call<OkAnswer>("DELETE", `/api/me/friend-requests/${id}`),
  invite: () => call<InviteCreated>("POST", "/api/me/friend-invites"),
  acceptInvite: (token: string) => call<FriendAnswer>("POST", "/api/me/friend-invites/accept", { token }),
  blocks: () => read<BlocksAnswer>("/api/me/blocks"),
  block: (accountId: number) => call<OkAnswer>("POST", "/api/me/blocks", { account_id: accountId }),
  unblock: (accountId: number) => call<OkAnswer>("DELETE", `/api/me/blocks/${accountId}`),
};

export const checkInApi = {
  mine: () => read<MyCheckIn>("/api/me/check-in"),
  checkIn: (body: CheckInBody) => call<MyCheckIn>("POST", "/api/me/check-in", body),
  leave: () => call<OkAnswer>("DELETE", "/api/me/check-in"),
  ghost: (on: boolean) => call<MyCheckIn>("PUT", "/api/me/ghost-mode", { on }),
  out: () => read<FriendsOut>("/api/me/friends/out"),
  here: (placeId: number) => read<FriendsHere>(`/api/places/${placeId}/friends-here`),
};
