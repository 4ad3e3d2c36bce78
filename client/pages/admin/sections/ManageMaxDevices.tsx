// Manage Max Devices: the businesses with their device limit; Edit opens a form with
// the name read-only and the limit as a required whole number.
import { useId, useRef, useState, type FormEvent } from "react";
import type { BusinessAnswer } from "../../../../common/schemas/answers";
import { adminApi } from "../../../api/adminEndpoints";
import { attempt, useAdminData } from "../adminApi";
import { focusFirstInvalid, InputField } from "../../../components/Field";
import { Notice, type NoticeState } from "../Notice";
import { parseMaxDevices } from "../maxDevicesForm";
import { ADMIN_MESSAGES } from "../messages";

export function ManageMaxDevices() {
  const [editing, setEditing] = useState<BusinessAnswer | null>(null);
  const [notice, setNotice] = useState<NoticeState>(null);
  const businesses = useAdminData(adminApi.businesses(), ADMIN_MESSAGES.fetchBusinessesFailed);

  if (editing) {
    return (
      <MaxDevicesForm
        business={editing}
        onCancel={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setNotice({ ok: true, message: ADMIN_MESSAGES.maxDevicesUpdated });
          void businesses.reload();
        }}
      />
    );
  }

  return (
    <>
      <Notice notice={notice} />
      {businesses.error ? <p role="alert" className="field-error">{businesses.error}</p> : null}
      {businesses.loading && !businesses.data ? <p>Loading...</p> : null}
      {businesses.data ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Business</th>
                <th scope="col">Max devices</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {businesses.data.businesses.map((business) => (
                <tr key={business.id}>
                  <th scope="row">{business.name}</th>
                  <td>{business.max_devices}</td>
                  <td>
                    <button
                      type="button"
                      className="button secondary small"
                      aria-label={`Edit max devices of ${business.name}`}
                      onClick={() => {
                        setNotice(null);
                        setEditing(business);
                      }}
                    >
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

function MaxDevicesForm({
  business,
  onCancel,
  onSaved,
}: {
  business: BusinessAnswer;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const prefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(String(business.max_devices));
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = parseMaxDevices(text);
    if (!parsed.ok) {
      setError(parsed.message);
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    const outcome = await attempt(
      () => adminApi.setMaxDevices(business.id, { max_devices: parsed.value }),
      ADMIN_MESSAGES.updateMaxDevicesFailed,
    );
    setSaving(false);
    if (outcome.ok) onSaved();
    else setFailure(outcome.message);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="admin-form narrow-form">
      <h3>Edit max devices</h3>
      <InputField id={`${prefix}-name`} label="Business name" value={business.name} readOnly />
      <InputField
        id={`${prefix}-max`}
        label="Max devices"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        required
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <Notice notice={failure ? { ok: false, message: failure } : null} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
