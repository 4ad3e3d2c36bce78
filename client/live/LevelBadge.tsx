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

export function LevelBadge({ level }: { level: Level | null }) {
  return (
    <span className={`level-badge ${levelDisplay(level).className}`}>
      <LevelSymbol level={level} />
      {levelText(level)}
    </span>
  );
}
