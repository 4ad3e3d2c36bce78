import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";

/** A flag's value, null until the answer is in; any failure to fetch it counts as false. */
export function useFeatureFlag(name: string): boolean | null {
  const { data, error } = useApi(ownerApi.featureFlag(name));
  if (data) return data.value === true;
  return error === null ? null : false;
}
