// Manage Tags: All Tags (click a name to edit, Delete), Add Tag (name required,
// nothing sent when empty), Edit Tag (disabled until a tag is picked; back to the list after a
// successful update).
import { useId, useRef, useState, type FormEvent } from "react";
import type { TagAnswer } from "../../../../common/schemas/answers";
import { adminApi } from "../../../api/adminEndpoints";
import { attempt, useAdminData, type Outcome } from "../adminApi";
import { focusFirstInvalid, InputField, TextAreaField } from "../../../components/Field";
import { Notice, type NoticeState } from "../Notice";
import { ADMIN_MESSAGES } from "../messages";
import { TabPanel, Tabs } from "../Tabs";
import { emptyTagForm, tagFormData, validateTag, type TagFormErrors, type TagFormValues } from "../tagForm";

type TagTab = "all-tags" | "add-tag" | "edit-tag";

export const confirmDeleteTag = (name: string) => `Are you sure you want to delete the tag "${name}"?`;

export function ManageTags() {
  const [tab, setTab] = useState<TagTab>("all-tags");
  const [editing, setEditing] = useState<TagAnswer | null>(null);
  const [notice, setNotice] = useState<NoticeState>(null);
  const tags = useAdminData(adminApi.tags(), ADMIN_MESSAGES.fetchTagsFailed);

  const backToList = (message: string) => {
    setNotice({ ok: true, message });
    setTab("all-tags");
    void tags.reload();
  };

  const remove = async (tag: TagAnswer) => {
    if (!window.confirm(confirmDeleteTag(tag.name))) return;
    const outcome = await attempt(() => adminApi.deleteTag(tag.id), ADMIN_MESSAGES.deleteTagFailed);
    setNotice(outcome.ok ? { ok: true, message: `Tag "${tag.name}" deleted.` } : outcome);
    if (outcome.ok) {
      if (editing?.id === tag.id) setEditing(null);
      void tags.reload();
    }
  };

  return (
    <>
      <Tabs
        label="Manage Tags"
        idPrefix="tags"
        selected={tab}
        onSelect={(next) => {
          setNotice(null);
          setTab(next);
        }}
        tabs={[
          { id: "all-tags", label: "All Tags" },
          { id: "add-tag", label: "Add Tag" },
          { id: "edit-tag", label: "Edit Tag", disabled: editing === null },
        ]}
      />
      {tab === "all-tags" ? (
        <TabPanel idPrefix="tags" id="all-tags">
          <Notice notice={notice} />
          {tags.error ? <p role="alert" className="field-error">{tags.error}</p> : null}
          {tags.loading && !tags.data ? <p>Loading...</p> : null}
          {tags.data && tags.data.tags.length === 0 ? <p>No tags yet.</p> : null}
          <ul className="admin-list">
            {tags.data?.tags.map((tag) => (
              <li key={tag.id}>
                <div>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      setNotice(null);
                      setEditing(tag);
                      setTab("edit-tag");
                    }}
                  >
                    {tag.name}
                  </button>
                  {tag.description ? <p className="admin-muted">{tag.description}</p> : null}
                </div>
                <button
                  type="button"
                  className="button danger small"
                  aria-label={`Delete ${tag.name}`}
                  onClick={() => void remove(tag)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </TabPanel>
      ) : null}
      {tab === "add-tag" ? (
        <TabPanel idPrefix="tags" id="add-tag">
          <TagForm
            initial={emptyTagForm}
            submitLabel="Add Tag"
            onSubmit={(values) =>
              attempt(() => adminApi.createTag(tagFormData(values)), ADMIN_MESSAGES.createTagFailed, () =>
                backToList(`Tag "${values.name.trim()}" created.`),
              )
            }
          />
        </TabPanel>
      ) : null}
      {tab === "edit-tag" && editing ? (
        <TabPanel idPrefix="tags" id="edit-tag">
          <TagForm
            key={editing.id}
            initial={{ name: editing.name, description: editing.description }}
            submitLabel="Update Tag"
            onSubmit={(values) =>
              attempt(
                () => adminApi.updateTag(editing.id, tagFormData(values)),
                ADMIN_MESSAGES.updateTagFailed,
                () => {
                  setEditing(null);
                  backToList(`Tag "${values.name.trim()}" updated.`);
                },
              )
            }
          />
        </TabPanel>
      ) : null}
    </>
  );
}

function TagForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: TagFormValues;
  submitLabel: string;
  onSubmit: (values: TagFormValues) => Promise<Outcome>;
}) {
  const prefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<TagFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateTag(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    const outcome = await onSubmit(values);
    // A success unmounts this form (back to the list); only a failure stays to be read.
    if (!outcome.ok) {
      setSaving(false);
      setFailure(outcome.message);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="admin-form">
      <InputField
        id={`${prefix}-name`}
        label="Tag name"
        required
        value={values.name}
        error={errors.name}
        onChange={(event) => {
          setValues({ ...values, name: event.target.value });
          setErrors({ ...errors, name: undefined });
        }}
      />
      <TextAreaField
        id={`${prefix}-description`}
        label="Description"
        rows={3}
        value={values.description}
        error={errors.description}
        onChange={(event) => {
          setValues({ ...values, description: event.target.value });
          setErrors({ ...errors, description: undefined });
        }}
      />
      <Notice notice={failure ? { ok: false, message: failure } : null} />
      <button type="submit" className="button" disabled={saving}>
        {saving ? "Saving..." : submitLabel}
      </button>
    </form>
  );
}
