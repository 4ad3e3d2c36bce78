// The profile's Live Looks and reviews as islands (docs/server-rendering.md#islands). The worker
// renders every visitor's page signed out, so whether this visitor owns the venue (and may hide a
// post) is read in the island: signed in, the venue's read carries `owners` for its owners.
import { publicApi } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { LiveLooks } from "./LiveLooks";
import { Reviews } from "./Reviews";

function useCanHide(placeSlug: string): boolean {
  const { data } = useApi(publicApi.place(placeSlug));
  return data !== null && "owners" in data;
}

export function ProfileLiveLooks({ placeId, placeSlug }: { placeId: number; placeSlug: string }) {
  return <LiveLooks placeId={placeId} canHide={useCanHide(placeSlug)} />;
}

export function ProfileReviews({ placeId, placeSlug }: { placeId: number; placeSlug: string }) {
  return <Reviews placeId={placeId} canHide={useCanHide(placeSlug)} />;
}
