// The place object's meta table and its memory copy (worker/occupancy/place/meta.ts).
import { describe, expect, it } from "vitest";
import { Meta } from "../../worker/occupancy/place/meta";
import { inFreshObject } from "./place-fixtures";

describe("the place object's meta", () => {
  it("learns its place id from the first call and keeps it in storage", async () => {
    const ids = await inFreshObject((storage) => {
      const meta = new Meta(storage.sql);
      const before = meta.placeId();
      meta.rememberPlace(4);
      meta.rememberPlace(4);
      return [before, meta.placeId(), new Meta(storage.sql).placeId()];
    });
    expect(ids).toEqual([null, 4, 4]);
  });

  it("answers from memory until told to forget it, then reads storage again", async () => {
    const seen = await inFreshObject((storage) => {
      const meta = new Meta(storage.sql);
      meta.set("written_at", "100");
      storage.sql.exec("UPDATE meta SET value = '200' WHERE key = 'written_at'");
      const cached = meta.get("written_at");
      meta.forget();
      return [cached, meta.get("written_at")];
    });
    expect(seen).toEqual(["100", "200"]);
  });

  it("tells the imported history's device, none until one is set", async () => {
    const devices = await inFreshObject((storage) => {
      const meta = new Meta(storage.sql);
      const before = meta.importDevice();
      meta.set("import_device", "9");
      return [before, meta.importDevice()];
    });
    expect(devices).toEqual([null, 9]);
  });
});
