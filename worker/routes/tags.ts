import { Hono } from "hono";
import { requireAdmin } from "../auth/middleware";
import { getDb } from "../db/client";
import { writeWithUniqueName } from "../db/names";
import { deleteTag, findTag, insertTag, listTags, updateTag } from "../db/tags";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../lib/errors";
import { readForm } from "../lib/uploads";
import { describe, params } from "../lib/openapi";
import { parseOrThrow } from "../lib/validation";
import { okAnswerSchema, tagAnswerSchema, tagsAnswerSchema, type OkAnswer, type TagsAnswer } from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";
import { tagSchema } from "../../common/schemas/tag";

const tagIdSchema = idParamSchema("Tag id must be a positive whole number.");
const nameTaken = (name: string) => conflict(`A tag named "${name}" already exists.`);

const section = "Places";
const tagForm = { required: true, content: { "multipart/form-data": tagSchema } };
const tagParams = params({ id: tagIdSchema });

export const tagRoutes = new Hono<AppEnv>()
  .get(
    "/tags",
    describe({ tag: section, summary: "Every tag", access: "public", answers: { 200: tagsAnswerSchema } }),
    async (c) => {
      return c.json({ tags: await listTags(getDb(c.env)) } satisfies TagsAnswer);
    },
  )
  .post(
    "/tags",
    describe({ tag: section, summary: "Add a tag", access: "admin", body: tagForm, answers: { 201: tagAnswerSchema }, errors: [400, 409, 413, 415] }),
    requireAdmin,
    async (c) => {
      const input = parseOrThrow(tagSchema, (await readForm(c)).fields);
      const db = getDb(c.env);
      const tag = await writeWithUniqueName(db, "tag", input.name, undefined, () => insertTag(db, input));
      if (tag === "taken") throw nameTaken(input.name);
      return c.json(tag, 201);
    },
  )
  .put(
    "/tags/:id",
    describe({ tag: section, summary: "Change a tag", access: "admin", body: tagForm, answers: { 200: tagAnswerSchema }, errors: [400, 404, 409, 413, 415] }),
    requireAdmin,
    tagParams,
    async (c) => {
      const tagId = c.req.valid("param").id;
      const input = parseOrThrow(tagSchema, (await readForm(c)).fields);
      const db = getDb(c.env);
      if (!(await findTag(db, tagId))) throw notFound("No such tag.");
      const tag = await writeWithUniqueName(db, "tag", input.name, tagId, () => updateTag(db, tagId, input));
      if (tag === "taken") throw nameTaken(input.name);
      return c.json(tag);
    },
  )
  .delete(
    "/tags/:id",
    describe({ tag: section, summary: "Delete a tag", access: "admin", answers: { 200: okAnswerSchema }, errors: [400, 404] }),
    requireAdmin,
    tagParams,
    async (c) => {
      const tagId = c.req.valid("param").id;
      if (!(await deleteTag(getDb(c.env), tagId))) throw notFound("No such tag.");
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
