// Accounts and relations for the friends and check-in tests (docs/friends.md): users are inserted
// directly (their automatic handle is user<id>), friendships both ways as the worker stores them.
import { env } from "cloudflare:workers";
import { issueAccessToken } from "../../worker/auth/tokens";
import { api } from "./helpers";
import { bearer, type TestUser } from "./fixtures";

export const handleOf = (user: { id: number }) => `user${user.id}`;

/** Makes the two friends, both rows, as accepting a request does. */
export async function befriend(a: { id: number }, b: { id: number }) {
  await env.DB.prepare("INSERT INTO friendships (user_id, friend_id) VALUES (?, ?), (?, ?)").bind(a.id, b.id, b.id, a.id).run();
}

/** A JSON call as `token` (none: signed out). */
export function call(token: string | undefined, method: string, path: string, body?: unknown) {
  return api(path, {
    method,
    headers: body === undefined ? bearer(token) : { ...bearer(token), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Status and body of an answer, for comparing two answers whole. */
export async function answerOf(response: Response) {
  return { status: response.status, body: await response.json<unknown>() };
}

export async function friendIdsOf(user: TestUser): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT friend_id FROM friendships WHERE user_id = ? ORDER BY friend_id").bind(user.id).all<{ friend_id: number }>();
  return results.map((row) => row.friend_id);
}

/** `n` accounts made in one statement (for the friend cap), all friends of `user`. */
export async function giveFriends(user: { id: number }, n: number) {
  const tag = crypto.randomUUID();
  await env.DB.prepare(
    `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?)
     INSERT INTO users (email, name, password_hash) SELECT ? || '-' || i || '@friends.example.com', 'Pal ' || i, 'unused' FROM seq`,
  )
    .bind(n, tag)
    .run();
  await env.DB.prepare(
    `INSERT INTO friendships (user_id, friend_id)
     SELECT ?, id FROM users WHERE email LIKE ? || '-%' UNION ALL SELECT id, ? FROM users WHERE email LIKE ? || '-%'`,
  )
    .bind(user.id, tag, user.id, tag)
    .run();
}

/** The user with an access token issued now (after a test moved the clock past the last one's 15 minutes). */
export const signedInNow = async <User extends { id: number }>(user: User): Promise<User & { token: string }> => ({
  ...user,
  token: await issueAccessToken(env.JWT_SECRET, { userId: user.id, role: "owner" }),
});
