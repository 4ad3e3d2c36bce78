// History import (POST /api/place/{id}/history): a dry run, then the import. A 422 is an answer
// here, not a failure: it lists the file's bad lines for the owner to fix.
import * as v from "valibot";
import { historyRefusalSchema, type HistoryImport, type HistoryPreview, type HistoryRefusal } from "../../common/schemas/history";
import { answerOf, withQuery } from "./endpoints";
import { request } from "./request";

async function sendHistory<T>(placeId: number, file: Blob, dryRun: boolean): Promise<T | HistoryRefusal> {
  const path = withQuery(`/api/place/${placeId}/history`, { dry_run: dryRun ? "1" : undefined });
  const response = await request("POST", path, file, { "Content-Type": "text/csv" });
  if (response.status === 422) return v.parse(historyRefusalSchema, await response.json());
  return answerOf<T>(response);
}

export const previewHistory = (placeId: number, file: Blob) => sendHistory<HistoryPreview>(placeId, file, true);
export const importHistory = (placeId: number, file: Blob) => sendHistory<HistoryImport>(placeId, file, false);
export const isRefusal = (answer: HistoryPreview | HistoryRefusal): answer is HistoryRefusal => "error" in answer;
