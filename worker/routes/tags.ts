import { Hono } from "hono";
import { requireAdmin } from "../auth/middleware";
import { getDb } from "../db/client";
import { writeWithUniqueName } from "../db/names";
import { deleteTag, findTag, insertTag, listTags, updateTag } from "../db/tags";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../lib/errors";
import { readForm } from "../lib/uploads";
import { parseOrThrow } from "../lib/validation";
import type { OkAnswer, TagsAnswer } from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";
import { tagSchema } from "../../common/schemas/tag";

const tagIdSchema = idParamSchema("Tag id must be a positive whole number.");
const nameTaken = (name: string) => conflict(`A tag named "${name}" already exists.`);

export const tagRoutes = new Hono<AppEnv>()
  .get("/tags", async (c) => {
    return c.json({ tags: await listTags(getDb(c.env)) } satisfies TagsAnswer);
  })
  .post("/tags", requireAdmin, async (c) => {
    const input = parseOrThrow(tagSchema, (await readForm(c)).fields);
    const db = getDb(c.env);
    const tag = await writeWithUniqueName(db, "tag", input.name, undefined, () => insertTag(db, input));
    if (tag === "taken") throw nameTaken(input.name);
    return c.json(tag, 201);
  })
  .put("/tags/:id", requireAdmin, async (c) => {
    const tagId = parseOrThrow(tagIdSchema, c.req.param("id"));
    const input = parseOrThrow(tagSchema, (await readForm(c)).fields);
    const db = getDb(c.env);
    if (!(await findTag(db, tagId))) throw notFound("No such tag.");
    const tag = await writeWithUniqueName(db, "tag", input.name, tagId, () => updateTag(db, tagId, input));
    if (tag === "taken") throw nameTaken(input.name);
    return c.json(tag);
  })
  .delete("/tags/:id", requireAdmin, async (c) => {
    const tagId = parseOrThrow(tagIdSchema, c.req.param("id"));
    if (!(await deleteTag(getDb(c.env), tagId))) throw notFound("No such tag.");
    return c.json({ ok: true } satisfies OkAnswer);
  });
