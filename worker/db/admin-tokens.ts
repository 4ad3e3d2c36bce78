import { eq, lte } from "drizzle-orm";
import { revokedAdminTokens } from "../../drizzle/schema";
import type { Database } from "./client";

/** Ends an admin token before its expiry; rows of tokens that have expired anyway are dropped. */
export async function revokeAdminToken(db: Database, token: { id: string; expiresAt: Date }, now: Date) {
  await db.batch([
    db.delete(revokedAdminTokens).where(lte(revokedAdminTokens.expiresAt, now)),
    db.insert(revokedAdminTokens).values({ jti: token.id, expiresAt: token.expiresAt }).onConflictDoNothing(),
  ]);
}

export async function isAdminTokenRevoked(db: Database, tokenId: string): Promise<boolean> {
  const [row] = await db
    .select({ jti: revokedAdminTokens.jti })
    .from(revokedAdminTokens)
    .where(eq(revokedAdminTokens.jti, tokenId))
    .limit(1);
  return row !== undefined;
}
