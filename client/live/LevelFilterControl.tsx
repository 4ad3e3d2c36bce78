import { useId } from "react";
import { useT } from "../lib/i18n";
import { LevelSymbol } from "./LevelBadge";
import { levelDisplay, type LevelFilter } from "./levels";
import "./levels.css";

interface Props<T extends LevelFilter> {
  legend: string;
  /** The choices in order; "all" shows as "All venues". */
  options: readonly T[];
  value: T;
  /** Without it the choice is the form's (a GET form the server answers): `value` is only where it starts. */
  onChange?: (value: T) => void;
  /** The radios' name, which a form sends; a unique one by default. */
  name?: string;
}

/** A radio group: arrow keys move between levels, as screen-reader users expect of a filter. */
export function LevelFilterControl<T extends LevelFilter>({ legend, options, value, onChange, name: formName }: Props<T>) {
  const uniqueName = useId();
  const name = formName ?? uniqueName;
  const t = useT();
  return (
    <fieldset className="level-filter">
      <legend>{legend}</legend>
      <div className="level-filter-options">
        {options.map((option) => {
          const id = `${uniqueName}-${option}`;
          return (
            <span key={option}>
              <input
                type="radio"
                id={id}
                name={name}
                value={option}
                {...(onChange ? { checked: value === option, onChange: () => onChange(option) } : { defaultChecked: value === option })}
              />
              {option === "all" ? (
                <label htmlFor={id} className="all">{t("level.all")}</label>
              ) : (
                <label htmlFor={id} className={levelDisplay(option).className}>
                  <LevelSymbol level={option} />
                  {t(levelDisplay(option).name)}
                </label>
              )}
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}
