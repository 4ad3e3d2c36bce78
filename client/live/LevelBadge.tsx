import type { Level } from "../../common/schemas/answers";
import { useT } from "../lib/i18n";
import { LEVEL_DISPLAY, levelDisplay } from "./levels";
import "./levels.css";

export function LevelSymbol({ level }: { level: Level | null }) {
  return (
    <span className="level-symbol" aria-hidden="true">
      {levelDisplay(level).symbol}
    </span>
  );
}

/**
 * `text` says more than the level's name ("Relaxed · 25 min ago", "Lively · 62%"); `closed` draws
 * the closed badge instead of any level (closed wins, docs/when-to-go.md#closed-wins).
 */
export function LevelBadge({ level, text, closed = false }: { level: Level | null; text?: string; closed?: boolean }) {
  const t = useT();
  const display = closed ? LEVEL_DISPLAY.closed : levelDisplay(level);
  return (
    <span className={`level-badge ${display.className}`}>
      <span className="level-symbol" aria-hidden="true">
        {display.symbol}
      </span>
      {text ?? t(closed ? display.description : display.name)}
    </span>
  );
}
