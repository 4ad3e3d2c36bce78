import { useEffect, useState } from "react";
import type { FeatureFlagAnswer } from "../../../common/schemas/answers";
import { request } from "../../api/request";

/** A flag's value; any failure to fetch it counts as false. */
export async function fetchFeatureFlag(name: string): Promise<boolean> {
  try {
    const response = await request("POST", `/api/feature-flags/${encodeURIComponent(name)}`);
    if (!response.ok) return false;
    const { value } = (await response.json()) as Partial<FeatureFlagAnswer>;
    return value === true;
  } catch (error) {
    console.error(error);
    return false;
  }
}

/** null until the answer is in. */
export function useFeatureFlag(name: string): boolean | null {
  const [value, setValue] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    void fetchFeatureFlag(name).then((answer) => current && setValue(answer));
    return () => {
      current = false;
    };
  }, [name]);
  return value;
}
