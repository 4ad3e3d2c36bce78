// The Menu tab (docs/menus-and-specials.md#the-editors): sections and items in order, moved with
// the ↑/↓ buttons (keyboard and mouse; focus stays on the moved entry's button) or dragged by the
// mouse, checked with the server's schema, and saved whole. Photos are uploaded per saved item.
// Each item is a compact row (name · price · dietary marks) that opens to edit; new items and items
// with a problem are open. The save bar stays in view at the bottom (position: sticky).
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from "react";
import { IMAGE_ACCEPT } from "../../../common/schemas/fields";
import type { MenuAnswer } from "../../../common/schemas/menu";
import { DIETARY_LABELS, DIETARY_TAGS, MENU_LIMITS } from "../../../common/menu-vocabulary";
import { publicApi, writeFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { FieldFrame, InputField, TextAreaField } from "../../components/Field";
import { RetryButton } from "./ChartCard";
import { LOADING } from "./keyTrends";
import { checkMenu, draftOf, emptyItem, emptySection, hasProblemAt, itemRow, moved, withPhotosFrom, type DraftItem, type DraftSection, type MenuDraft } from "./menuDraft";
import { EVENING_MESSAGES } from "./messages";

const UNREACHABLE = "The server could not be reached. Try again in a moment.";

/** ↑ and ↓ for one entry; after a move, focus follows the entry to its new place. */
function MoveButtons({ label, index, count, onMove }: { label: string; index: number; count: number; onMove: (delta: number) => void }) {
  return (
    <span className="move-buttons">
      <button type="button" className="button secondary small" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onMove(-1)}>
        ↑
      </button>
      <button type="button" className="button secondary small" aria-label={`Move ${label} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
        ↓
      </button>
    </span>
  );
}

/** Mouse dragging within one list: drop on an entry to put the dragged one in its place. */
function useDrag(onDrop: (from: number, to: number) => void) {
  const dragged = useRef<number | null>(null);
  return (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.stopPropagation();
      dragged.current = index;
      event.dataTransfer.effectAllowed = "move";
    },
    onDragOver: (event: DragEvent) => {
      if (dragged.current !== null) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      event.stopPropagation();
      if (dragged.current !== null && dragged.current !== index) onDrop(dragged.current, index);
      dragged.current = null;
    },
  });
}

interface ItemProps {
  placeId: number;
  item: DraftItem;
  path: string;
  problems: Map<string, string>;
  onChange: (item: DraftItem) => void;
  onRemove: () => void;
  onPhoto: (menu: MenuAnswer) => void;
}

function ItemEditor({ placeId, item, path, problems, onChange, onRemove, onPhoto }: ItemProps) {
  const id = useId();
  const [photoFailure, setPhotoFailure] = useState<string | null>(null);
  const label = item.name || "this item";
  async function upload(file: File | undefined) {
    if (!file || !item.id) return;
    setPhotoFailure(null);
    const form = new FormData();
    form.append("photo", file);
    try {
      onPhoto(await ownerApi.setMenuPhoto(placeId, item.id, form));
    } catch (caught) {
      setPhotoFailure(writeFailure(caught, "The photo could not be uploaded.", UNREACHABLE));
    }
  }
  async function removePhoto() {
    if (!item.id) return;
    try {
      onPhoto(await ownerApi.removeMenuPhoto(placeId, item.id));
    } catch (caught) {
      setPhotoFailure(writeFailure(caught, "The photo could not be removed.", UNREACHABLE));
    }
  }
  return (
    <div className="menu-edit-item">
      <InputField id={`${id}-name`} label="Item name" required value={item.name} maxLength={MENU_LIMITS.itemName} error={problems.get(`${path}.name`)} onChange={(event) => onChange({ ...item, name: event.target.value })} />
      <InputField
        id={`${id}-price`}
        label="Price"
        required
        inputMode="decimal"
        value={item.price}
        error={problems.get(`${path}.price`)}
        onChange={(event) => onChange({ ...item, price: event.target.value })}
      />
      <TextAreaField id={`${id}-description`} label="Description" rows={2} maxLength={MENU_LIMITS.description} value={item.description} error={problems.get(`${path}.description`)} onChange={(event) => onChange({ ...item, description: event.target.value })} />
      <fieldset className="menu-dietary-choices">
        <legend>Dietary</legend>
        {DIETARY_TAGS.map((tag) => (
          <label key={tag}>
            <input
              type="checkbox"
              checked={item.dietary.includes(tag)}
              onChange={(event) => onChange({ ...item, dietary: event.target.checked ? [...item.dietary, tag] : item.dietary.filter((other) => other !== tag) })}
            />
            {DIETARY_LABELS[tag]}
          </label>
        ))}
      </fieldset>
      {item.id ? (
        <FieldFrame id={`${id}-photo`} label="Photo" hint="JPEG, PNG or WebP up to 5 MB; location and camera details are removed." error={photoFailure ?? undefined}>
          <div className="menu-photo">
            {item.photoUrl ? <img src={item.photoUrl} alt="" width="64" height="64" /> : null}
            <input id={`${id}-photo`} type="file" accept={IMAGE_ACCEPT} onChange={(event) => void upload(event.target.files?.[0])} />
            {item.photoUrl ? (
              <button type="button" className="button secondary small" onClick={() => void removePhoto()}>
                Remove photo
              </button>
            ) : null}
          </div>
        </FieldFrame>
      ) : (
        <p className="field-hint">Save the menu to add a photo to this item.</p>
      )}
      <button type="button" className="button secondary small" onClick={onRemove}>
        Remove {label}
      </button>
    </div>
  );
}

export function MenuEditor({ placeId }: { placeId: number }) {
  const headingId = useId();
  const { data, error, retry } = useApi(publicApi.menu(placeId));
  const [draft, setDraft] = useState<MenuDraft | null>(null);
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const focusAfterMove = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (data && draft === null) setDraft(draftOf(data));
  }, [data, draft]);
  useEffect(() => {
    if (!focusAfterMove.current) return;
    const label = focusAfterMove.current;
    // At the top or bottom its button in that direction is disabled: the other one takes focus.
    const other = label.endsWith(" up") ? label.replace(/ up$/, " down") : label.replace(/ down$/, " up");
    const buttons = [...(formRef.current?.querySelectorAll("button") ?? [])];
    const named = (name: string) => buttons.find((button) => button.getAttribute("aria-label") === name && !button.disabled);
    (named(label) ?? named(other))?.focus();
    focusAfterMove.current = null;
  });

  const sectionDrag = useDrag((from, to) => draft && setDraft({ ...draft, sections: moved(draft.sections, from, to - from) }));

  if (!draft) return error !== null ? <RetryButton retry={retry} what="the menu" /> : <p className="loading">{LOADING}</p>;

  const setSections = (sections: DraftSection[]) => setDraft({ ...draft, sections });
  const setSection = (index: number, section: DraftSection) => setSections(draft.sections.map((other, i) => (i === index ? section : other)));
  const moveSection = (index: number, delta: number, label: string) => {
    focusAfterMove.current = `Move ${label} ${delta < 0 ? "up" : "down"}`;
    setSections(moved(draft.sections, index, delta));
  };
  const fromAnswer = (menu: MenuAnswer) => {
    setDraft(draftOf(menu));
    setProblems(new Map());
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const checked = checkMenu(draft!);
    if (!checked.ok) {
      setProblems(checked.problems);
      setStatus({ ok: false, text: [...checked.problems.values()][0] });
      return;
    }
    setSaving(true);
    try {
      fromAnswer(await ownerApi.saveMenu(placeId, checked.input));
      setStatus({ ok: true, text: "Menu saved." });
    } catch (caught) {
      setStatus({ ok: false, text: writeFailure(caught, "The menu could not be saved.", UNREACHABLE) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="menu-editor" aria-labelledby={headingId}>
      <h2 id={headingId}>Menu</h2>
      <p className="field-hint">Prices are in the venue's currency, from its country. Reorder with ↑ and ↓, or drag a section or item.</p>
      <form ref={formRef} onSubmit={(event) => void save(event)} noValidate>
        <InputField
          id={`${headingId}-kitchen`}
          label="Food until (kitchen hours)"
          type="time"
          value={draft.kitchenUntil}
          hint="Leave empty if food is served until closing."
          error={problems.get("kitchen_hours.until")}
          onChange={(event) => setDraft({ ...draft, kitchenUntil: event.target.value })}
        />
        {draft.sections.map((section, s) => {
          const label = section.name || `section ${s + 1}`;
          const path = `sections.${s}`;
          return (
            <fieldset key={section.key} className="menu-edit-section" {...sectionDrag(s)}>
              <legend>{label}</legend>
              <MoveButtons label={label} index={s} count={draft.sections.length} onMove={(delta) => moveSection(s, delta, label)} />
              <InputField id={`${headingId}-${section.key}`} label="Section name" required maxLength={MENU_LIMITS.sectionName} value={section.name} error={problems.get(`${path}.name`)} onChange={(event) => setSection(s, { ...section, name: event.target.value })} />
              {problems.get(`${path}.items`) ? <p className="field-error">{problems.get(`${path}.items`)}</p> : null}
              <SectionItems
                placeId={placeId}
                section={section}
                path={path}
                problems={problems}
                onChange={(items) => setSection(s, { ...section, items })}
                onFocusAfterMove={(text) => (focusAfterMove.current = text)}
                onPhoto={(menu) => setDraft((current) => current && withPhotosFrom(current, menu))}
              />
              <button type="button" className="button secondary small" onClick={() => setSection(s, { ...section, items: [...section.items, emptyItem()] })}>
                Add an item to {label}
              </button>{" "}
              <button type="button" className="button secondary small" onClick={() => setSections(draft.sections.filter((_, i) => i !== s))}>
                Remove {label}
              </button>
            </fieldset>
          );
        })}
        <p>
          <button type="button" className="button secondary" onClick={() => setSections([...draft.sections, emptySection()])}>
            Add a section
          </button>
        </p>
        <div className="menu-save-bar" role="group" aria-label={EVENING_MESSAGES.menuSaveBar}>
          {status ? (
            <p role={status.ok ? "status" : "alert"} className={status.ok ? "form-success" : "field-error"}>
              {status.text}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving..." : "Save menu"}
          </button>
        </div>
      </form>
    </section>
  );
}

function SectionItems(props: {
  placeId: number;
  section: DraftSection;
  path: string;
  problems: Map<string, string>;
  onChange: (items: DraftItem[]) => void;
  onFocusAfterMove: (label: string) => void;
  onPhoto: (menu: MenuAnswer) => void;
}) {
  const { section, onChange } = props;
  const itemDrag = useDrag((from, to) => onChange(moved(section.items, from, to - from)));
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <ol className="menu-edit-items">
      {section.items.map((item, i) => {
        const label = item.name || `item ${i + 1}`;
        const path = `${props.path}.items.${i}`;
        // A new item has nothing to show in a row yet, and one with a problem must show it.
        const forced = !item.id || hasProblemAt(props.problems, path);
        const open = forced || opened.has(item.key);
        return (
          <li key={item.key} {...itemDrag(i)}>
            <div className="menu-item-row">
              <MoveButtons
                label={label}
                index={i}
                count={section.items.length}
                onMove={(delta) => {
                  props.onFocusAfterMove(`Move ${label} ${delta < 0 ? "up" : "down"}`);
                  onChange(moved(section.items, i, delta));
                }}
              />
              <span className="menu-item-summary">{itemRow(item, label, EVENING_MESSAGES.menuNoPrice)}</span>
              {forced ? null : (
                <button type="button" className="button secondary small" aria-expanded={open} aria-label={`${open ? EVENING_MESSAGES.menuDoneItem : EVENING_MESSAGES.menuEditItem} ${label}`} onClick={() => toggle(item.key)}>
                  {open ? EVENING_MESSAGES.menuDoneItem : EVENING_MESSAGES.menuEditItem}
                </button>
              )}
            </div>
            {open ? (
              <ItemEditor
                placeId={props.placeId}
                item={item}
                path={path}
                problems={props.problems}
                onChange={(next) => onChange(section.items.map((other, j) => (j === i ? next : other)))}
                onRemove={() => onChange(section.items.filter((_, j) => j !== i))}
                onPhoto={props.onPhoto}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
