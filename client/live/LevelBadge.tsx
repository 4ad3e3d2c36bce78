import type { Level } from "../../common/schemas/answers";
import { levelDisplay, levelText } from "./levels";
import "./levels.css";

export function LevelSymbol({ level }: { level: Level | null }) {
  return (
    <span className="level-symbol" aria-hidden="true">
      {levelDisplay(level).symbol}
    </span>
  );
}

/** `text` says more than the level's name ("Relaxed · 25 min ago", "Relaxed · forecast 30%"). */
export function LevelBadge({ level, text }: { level: Level | null; text?: string }) {
  return (
    <span className={`level-badge ${levelDisplay(level).className}`}>
      <LevelSymbol level={level} />
      {text ?? levelText(level)}
    </span>
  );
}
