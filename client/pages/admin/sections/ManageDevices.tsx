// Devices (beyond the spec: the team installs the sensors). Per business: its sensors with online
// status and last contact, registering one (its key is shown once, with a copy button) and revoking.
// Below, The Things Stack: uplinks of unregistered DevEUIs and the webhook's integration keys.
import { useId, useState, type FormEvent } from "react";
import type { FlaggedDevice, RegisteredDeviceAnswer } from "../../../../common/schemas/answers";
import { writeFailure } from "../../../api/endpoints";
import { adminApi } from "../../../api/adminEndpoints";
import { attempt, useAdminData } from "../adminApi";
import { InputField, SelectField } from "../../../components/Field";
import { HealthProblems } from "../../../components/HealthProblems";
import { Notice, type NoticeState } from "../Notice";
import { formatCount } from "../../../../common/formats";
import { formatDateTime, plural, SITE_LOCALE } from "../../../lib/format";
import { ADMIN_MESSAGES } from "../messages";
import { KeyOnce } from "./KeyOnce";
import { IntegrationKeys, UnregisteredUplinks } from "./TtnIntegration";

export const confirmRevokeDevice = (name: string) =>
  `Are you sure you want to revoke the device "${name}"? It will stop reporting immediately.`;

/** Why a sensor is flagged: its implausible counts, which the live and rollup numbers leave out. */
export const flaggedText = (flagged: FlaggedDevice) =>
  `Flagged: ${plural(flagged.implausible_readings_24h, "implausible reading")} ` +
  `in the last 24 h, latest ${formatCount(flagged.latest_count, SITE_LOCALE)} at ${formatDateTime(flagged.latest_at)} (${flagged.reason}).`;

export function ManageDevices() {
  const prefix = useId();
  const [placeId, setPlaceId] = useState("");
  // Bumped when a DevEUI is registered from the uplinks list, so the business's list reads it again.
  const [registrations, setRegistrations] = useState(0);
  const businesses = useAdminData(adminApi.businesses(), ADMIN_MESSAGES.fetchBusinessesFailed);

  return (
    <>
      {businesses.error ? <p role="alert" className="field-error">{businesses.error}</p> : null}
      <SelectField
        id={`${prefix}-business`}
        label="Business"
        value={placeId}
        onChange={(event) => setPlaceId(event.target.value)}
        disabled={!businesses.data}
      >
        <option value="">Choose a business</option>
        {businesses.data?.businesses.map((business) => (
          <option key={business.id} value={business.id}>{business.name}</option>
        ))}
      </SelectField>
      {placeId ? <PlaceDevices key={`${placeId}:${registrations}`} placeId={Number(placeId)} /> : null}
      <UnregisteredUplinks
        place={businesses.data?.businesses.find((business) => String(business.id) === placeId) ?? null}
        onRegistered={() => setRegistrations((count) => count + 1)}
      />
      <IntegrationKeys />
    </>
  );
}

function PlaceDevices({ placeId }: { placeId: number }) {
  const prefix = useId();
  const devices = useAdminData(adminApi.devices(placeId), ADMIN_MESSAGES.fetchDevicesFailed);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [devEui, setDevEui] = useState("");
  const [application, setApplication] = useState("");
  const [registered, setRegistered] = useState<RegisteredDeviceAnswer | null>(null);
  const [notice, setNotice] = useState<NoticeState>(null);

  const register = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (name.trim() === "") {
      setNameError(ADMIN_MESSAGES.deviceNameRequired);
      return;
    }
    let created: RegisteredDeviceAnswer;
    try {
      // Blank means a sensor of our HTTP protocol; the server checks the DevEUI's and application's form.
      const lorawan = devEui.trim() ? { dev_eui: devEui.trim(), ...(application.trim() ? { application_id: application.trim() } : {}) } : {};
      created = await adminApi.registerDevice(placeId, { name: name.trim(), ...lorawan });
    } catch (error) {
      setNotice({ ok: false, message: writeFailure(error, ADMIN_MESSAGES.registerDeviceFailed, ADMIN_MESSAGES.unexpectedTryAgain) });
      return;
    }
    setRegistered(created);
    setName("");
    setDevEui("");
    setApplication("");
    void devices.reload();
  };

  const revoke = async (device: { id: number; name: string }) => {
    if (!window.confirm(confirmRevokeDevice(device.name))) return;
    const outcome = await attempt(
      () => adminApi.revokeDevice(placeId, device.id),
      ADMIN_MESSAGES.revokeDeviceFailed,
      () => `Device "${device.name}" revoked.`,
    );
    setNotice(outcome.ok ? { ok: true, message: outcome.message ?? "" } : outcome);
    if (outcome.ok) void devices.reload();
  };

  const list = devices.data;
  return (
    <div className="admin-devices">
      {devices.error ? <p role="alert" className="field-error">{devices.error}</p> : null}
      {list ? (
        <p>
          {list.devices.length} of {list.max_devices} device{list.max_devices === 1 ? "" : "s"} registered.
        </p>
      ) : null}
      {registered ? (
        <KeyOnce
          key={registered.key}
          label="New device key"
          value={registered.key}
          onDone={() => setRegistered(null)}
          onCopyFailed={(message) => setNotice({ ok: false, message })}
        >
          <strong>{registered.name}</strong> is registered. Copy its key now: it is shown only once.
        </KeyOnce>
      ) : null}
      <Notice notice={notice} />
      {list && list.devices.length === 0 ? <p>No devices registered yet.</p> : null}
      {list && list.devices.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">Status</th>
                <th scope="col">Last seen</th>
                <th scope="col">Last count</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {list.devices.map((device) => (
                <tr key={device.id}>
                  <th scope="row">
                    {device.name}
                    {device.dev_eui ? <span className="field-hint"> DevEUI {device.dev_eui}</span> : null}
                  </th>
                  <td>
                    <span className={device.online ? "admin-badge online" : "admin-badge offline"}>
                      {device.online ? "Online" : "Offline"}
                    </span>
                    {device.flagged ? <p className="field-error">{flaggedText(device.flagged)}</p> : null}
                    {/* The Flagged line already details implausible counts. */}
                    <HealthProblems
                      label={`Problems of ${device.name}`}
                      health={device.health.filter((problem) => problem.code !== "implausible")}
                    />
                  </td>
                  <td>{device.last_seen_at ? formatDateTime(device.last_seen_at) : "Never"}</td>
                  <td>{device.last_count ?? "—"}</td>
                  <td>
                    <button
                      type="button"
                      className="button danger small"
                      aria-label={`Revoke ${device.name}`}
                      onClick={() => void revoke(device)}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <form onSubmit={register} noValidate className="admin-form admin-inline-form">
        <InputField
          id={`${prefix}-device-name`}
          label="New device name"
          placeholder="e.g. Front bar"
          required
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
        <InputField
          id={`${prefix}-dev-eui`}
          label="LoRaWAN DevEUI (optional)"
          placeholder="16 hex digits, for The Things Stack"
          value={devEui}
          onChange={(event) => setDevEui(event.target.value)}
        />
        <InputField
          id={`${prefix}-application`}
          label="LoRaWAN application ID (The Things Stack, with a DevEUI)"
          placeholder="Only its integration key may post for the DevEUI"
          value={application}
          onChange={(event) => setApplication(event.target.value)}
        />
        <button type="submit" className="button">Register device</button>
      </form>
    </div>
  );
}
