// The Things Stack in the Devices section (docs/device-protocol.md#7-the-things-stack-lorawan):
// uplinks whose DevEUI no device has, each registered at the chosen business in one click, and the
// integration keys its webhooks send.
import { useId, useState, type FormEvent } from "react";
import type { CreatedIntegrationKeyAnswer, UnregisteredUplinkAnswer } from "../../../../common/schemas/ttn";
import { adminApi } from "../../../api/adminEndpoints";
import { InputField } from "../../../components/Field";
import { formatCount } from "../../../../common/formats";
import { formatDateTime, SITE_LOCALE } from "../../../lib/format";
import { attempt, useAdminData } from "../adminApi";
import { ADMIN_MESSAGES } from "../messages";
import { Notice, type NoticeState } from "../Notice";
import { AdminTable } from "./AdminTable";
import { KeyOnce } from "./KeyOnce";

/** The name a DevEUI registered from the list gets: "TTN" and its last four digits. */
export const ttnDeviceName = (devEui: string) => `TTN ${devEui.slice(-4)}`;

export const confirmRevokeIntegrationKey = (id: number) =>
  `Are you sure you want to revoke integration key #${id}? Webhooks sending it will be refused at once.`;

export function UnregisteredUplinks({ place, onRegistered }: {
  /** The business chosen above; registering needs one. */
  place: { id: number; name: string } | null;
  onRegistered: () => void;
}) {
  const uplinks = useAdminData(adminApi.unregisteredUplinks(), ADMIN_MESSAGES.fetchUnregisteredUplinksFailed);
  const [notice, setNotice] = useState<NoticeState>(null);

  const register = async (uplink: UnregisteredUplinkAnswer) => {
    if (!place) return;
    const name = ttnDeviceName(uplink.dev_eui);
    const outcome = await attempt(
      // Under the application whose key its uplinks came with: only that key may post for it.
      () => adminApi.registerDevice(place.id, { name, dev_eui: uplink.dev_eui, ...(uplink.application_id ? { application_id: uplink.application_id } : {}) }),
      ADMIN_MESSAGES.registerDeviceFailed,
      () => `${uplink.dev_eui} registered as "${name}" at ${place.name}.`,
    );
    setNotice(outcome.ok ? { ok: true, message: outcome.message ?? "" } : outcome);
    if (!outcome.ok) return;
    // The server drops a DevEUI from the list once a device has it.
    void uplinks.reload();
    onRegistered();
  };

  const list = uplinks.data?.uplinks;
  return (
    <section className="admin-devices" aria-labelledby="ttn-unregistered">
      <h3 id="ttn-unregistered">Uplinks from unregistered devices</h3>
      {uplinks.error ? <p role="alert" className="field-error">{uplinks.error}</p> : null}
      <Notice notice={notice} />
      {list && list.length === 0 ? <p>None: every DevEUI heard through The Things Stack is registered.</p> : null}
      {list && list.length > 0 ? (
        <>
          {place ? null : <p>Choose a business above to register a device there.</p>}
          <AdminTable columns={["DevEUI", "Application", "Uplinks", "Last seen", "Last count"]}>
            {list.map((uplink) => (
              <tr key={uplink.dev_eui}>
                <th scope="row"><code>{uplink.dev_eui}</code></th>
                <td>{uplink.application_id ?? "—"}</td>
                <td>{formatCount(uplink.uplinks, SITE_LOCALE)}</td>
                <td>{formatDateTime(uplink.last_seen)}</td>
                <td>{uplink.last_count ?? "—"}</td>
                <td>
                  <button
                    type="button"
                    className="button small"
                    aria-label={`Register ${uplink.dev_eui}${place ? ` at ${place.name}` : ""}`}
                    disabled={!place}
                    onClick={() => void register(uplink)}
                  >
                    Register
                  </button>
                </td>
              </tr>
            ))}
          </AdminTable>
        </>
      ) : null}
    </section>
  );
}

export function IntegrationKeys() {
  const keys = useAdminData(adminApi.integrationKeys(), ADMIN_MESSAGES.fetchIntegrationKeysFailed);
  const [created, setCreated] = useState<CreatedIntegrationKeyAnswer | null>(null);
  const [notice, setNotice] = useState<NoticeState>(null);
  const [application, setApplication] = useState("");
  const applicationField = useId();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const outcome = await attempt(
      () => adminApi.createIntegrationKey({ application_id: application.trim() }),
      ADMIN_MESSAGES.createIntegrationKeyFailed,
      (answer) => {
        setCreated(answer);
      },
    );
    if (!outcome.ok) setNotice(outcome);
    else {
      setApplication("");
      void keys.reload();
    }
  };

  const revoke = async (id: number) => {
    if (!window.confirm(confirmRevokeIntegrationKey(id))) return;
    const outcome = await attempt(
      () => adminApi.revokeIntegrationKey(id),
      ADMIN_MESSAGES.revokeIntegrationKeyFailed,
      () => `Integration key #${id} revoked.`,
    );
    setNotice(outcome.ok ? { ok: true, message: outcome.message ?? "" } : outcome);
    if (outcome.ok) void keys.reload();
  };

  const list = keys.data?.keys;
  return (
    <section className="admin-devices" aria-labelledby="ttn-integrations">
      <h3 id="ttn-integrations">Integrations</h3>
      <p>
        The Things Stack webhooks send one of these keys as the header <code>Authorization: Bearer tpi_…</code> to{" "}
        <code>/api/ingest/ttn</code>. Each key is for one application: it may post only that application&apos;s uplinks, for
        devices registered under it.
      </p>
      {keys.error ? <p role="alert" className="field-error">{keys.error}</p> : null}
      {created ? (
        <KeyOnce
          key={created.key}
          label="New integration key"
          value={created.key}
          onDone={() => setCreated(null)}
          onCopyFailed={(message) => setNotice({ ok: false, message })}
        >
          Integration key #{created.id} for {created.application_id} is created. Copy it now: it is shown only once.
        </KeyOnce>
      ) : null}
      <Notice notice={notice} />
      {list && list.length === 0 ? <p>No integration keys yet.</p> : null}
      {list && list.length > 0 ? (
        <AdminTable columns={["Key", "Application", "Created", "Last used"]}>
          {list.map((key) => (
            <tr key={key.id}>
              <th scope="row">#{key.id}</th>
              <td>{key.application_id ?? "Its first uplink's"}</td>
              <td>{formatDateTime(key.created_at)}</td>
              <td>{key.last_used_at ? formatDateTime(key.last_used_at) : "Never"}</td>
              <td>
                <button
                  type="button"
                  className="button danger small"
                  aria-label={`Revoke integration key #${key.id}`}
                  onClick={() => void revoke(key.id)}
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      <form onSubmit={(event) => void create(event)}>
        <InputField
          id={applicationField}
          label="The Things Stack application ID"
          placeholder="e.g. my-venue-counters"
          required
          value={application}
          onChange={(event) => setApplication(event.target.value)}
        />
        <button type="submit" className="button">
          Create integration key
        </button>
      </form>
    </section>
  );
}
