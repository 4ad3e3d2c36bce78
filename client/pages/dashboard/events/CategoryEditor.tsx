// The event-category editor (the original client's 'edit-event-category' view), opened from the event form's
// category field: create, rename or describe, and delete categories.
import { useState, type FormEvent } from "react";
import * as v from "valibot";
import type { EventCategoryAnswer } from "../../../../common/schemas/answers";
import { eventCategorySchema } from "../../../../common/schemas/tag";
import { writeFailure } from "../../../api/endpoints";
import { ownerApi } from "../../../api/ownerEndpoints";
import { Modal } from "../../../components/Modal";
import { confirmDeleteCategory, MESSAGES } from "../../../lib/messages";

type Status = { kind: "success" | "error"; text: string } | null;

function categoryForm(name: string, description: string): FormData {
  const form = new FormData();
  form.set("name", name.trim());
  form.set("description", description.trim());
  return form;
}


export function CategoryEditor({
  categories,
  onChanged,
  onCreated,
  onClose,
}: {
  categories: EventCategoryAnswer[];
  /** Reloads the list; resolves to the sentence to show when that failed. */
  onChanged: () => Promise<string | null>;
  /** A new category is chosen in the event form right away. */
  onCreated: (category: EventCategoryAnswer) => void;
  onClose: () => void;
}) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const selected = categories.find((category) => category.id === selectedId) ?? null;

  const choose = (category: EventCategoryAnswer | null) => {
    setSelectedId(category?.id ?? null);
    setName(category?.name ?? "");
    setDescription(category?.description ?? "");
    setNameError(null);
    setStatus(null);
  };

  /** Sends one change; shows the server's sentence (or `fallback`) when it failed, else reloads the list. */
  const run = async <T,>(change: () => Promise<T>, fallback: string, success: string, after: (answer: T) => void) => {
    setBusy(true);
    try {
      const answer = await change();
      const reloadProblem = await onChanged();
      after(answer);
      setStatus(reloadProblem ? { kind: "error", text: reloadProblem } : { kind: "success", text: success });
    } catch (error) {
      setStatus({ kind: "error", text: writeFailure(error, fallback, MESSAGES.unexpectedTryAgain) });
    }
    setBusy(false);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    // The server's schema: 'Category name is required.' and its length cap.
    const checked = v.safeParse(eventCategorySchema, { name, description });
    if (!checked.success) {
      setNameError(checked.issues[0].message);
      return;
    }
    if (selected) {
      void run(
        () => ownerApi.updateCategory(selected.id, categoryForm(name, description)),
        MESSAGES.updateCategoryFailed,
        MESSAGES.categoryUpdated,
        () => {},
      );
    } else {
      void run(
        () => ownerApi.createCategory(categoryForm(name, description)),
        MESSAGES.createCategoryFailed,
        `Category "${name.trim()}" created.`,
        (answer) => {
          choose(null);
          onCreated(answer);
        },
      );
    }
  };

  const remove = () => {
    if (!selected || !window.confirm(confirmDeleteCategory(selected.name))) return;
    void run(
      () => ownerApi.deleteCategory(selected.id),
      MESSAGES.deleteCategoryFailed,
      `Category "${selected.name}" deleted.`,
      () => choose(null),
    );
  };

  return (
    <Modal title="Event categories" onClose={onClose}>
      <div className="category-editor">
        <ul className="category-list" aria-label="Categories">
          {categories.map((category) => (
            <li key={category.id}>
              <button type="button" className="link-button" aria-pressed={category.id === selectedId} onClick={() => choose(category)}>
                {category.name}
              </button>
            </li>
          ))}
        </ul>
        <form onSubmit={save} noValidate>
          <h3>{selected ? `Edit "${selected.name}"` : "New category"}</h3>
          <div className="field">
            <label htmlFor="category-name">Name <span aria-hidden="true">*</span></label>
            <input
              id="category-name"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? "category-name-error" : undefined}
            />
            {nameError ? <p className="field-error" id="category-name-error">{nameError}</p> : null}
          </div>
          <div className="field">
            <label htmlFor="category-description">Description</label>
            <textarea id="category-description" rows={2} value={description} onChange={(event) => setDescription(event.target.value)} />
          </div>
          {status ? (
            <p role={status.kind === "error" ? "alert" : "status"} className={status.kind === "error" ? "form-error" : "success-message"}>
              {status.text}
            </p>
          ) : null}
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>{selected ? "Update Category" : "Create Category"}</button>
            {selected ? (
              <>
                <button type="button" className="button danger" onClick={remove} disabled={busy}>Delete Category</button>
                <button type="button" className="button secondary" onClick={() => choose(null)}>New category</button>
              </>
            ) : null}
            <button type="button" className="button secondary" onClick={onClose}>Close</button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
