// The admin's pause of a place's announcements (docs/announcements.md#pausing), on the business
// page: whether they are paused, how many went out this week, and one button to pause or resume.
import { useId, useState } from "react";
import { announcementApi } from "../../../api/announcementEndpoints";
import { ADMIN } from "../../../api/adminEndpoints";
import { attempt, useAdminData } from "../adminApi";
import { Notice, type NoticeState } from "../Notice";

export function AnnouncementPause({ placeId }: { placeId: number }) {
  const headingId = useId();
  const announcements = useAdminData(announcementApi.list(placeId, ADMIN), "The announcements could not be loaded.");
  const [notice, setNotice] = useState<NoticeState>(null);
  const [busy, setBusy] = useState(false);
  const data = announcements.data;

  const toggle = async (paused: boolean) => {
    setBusy(true);
    const outcome = await attempt(
      () => announcementApi.setPaused(placeId, paused, ADMIN),
      "The announcements could not be changed.",
      () => (paused ? "Announcements paused: the owners cannot send until you resume them." : "Announcements resumed."),
    );
    setBusy(false);
    setNotice(outcome.ok ? { ok: true, message: outcome.message ?? "" } : { ok: false, message: outcome.message });
    if (outcome.ok) void announcements.reload();
  };

  return (
    <section aria-labelledby={headingId} className="announcement-pause">
      <h3 id={headingId}>Announcements to followers</h3>
      <Notice notice={notice} />
      {announcements.error ? <p role="alert" className="field-error">{announcements.error}</p> : null}
      {data ? (
        <>
          <p>
            {data.paused ? "Paused: the owners' sends are refused until you resume them." : "Active."} {data.limit.sent_this_week} of {data.limit.per_week} sent
            in the last 7 days.
          </p>
          <button type="button" className={data.paused ? "button" : "button secondary"} disabled={busy} onClick={() => void toggle(!data.paused)}>
            {data.paused ? "Resume announcements" : "Pause announcements"}
          </button>
        </>
      ) : announcements.loading ? (
        <p>Loading...</p>
      ) : null}
    </section>
  );
}
