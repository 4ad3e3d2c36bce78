// The one table `npm run faults` prints: a row per fault, each judged on lost 0 and duplicated 0.

export interface FaultRow {
  fault: string;
  injectedHow: string;
  acknowledged: number;
  lost: number;
  duplicated: number;
  /** Seconds from the fault's end to everything checked being back, or null when it never was. */
  recoveredAfterS: number | null;
  /** What the row's numbers count, and anything else found (printed under the table). */
  notes: string[];
}

export const rowOk = (row: FaultRow) => row.lost === 0 && row.duplicated === 0 && row.recoveredAfterS !== null;

export function printTable(rows: readonly FaultRow[], print: (line: string) => void) {
  print("| fault | injected how | acknowledged | lost | duplicated | recovered after |");
  print("|---|---|---|---|---|---|");
  for (const row of rows) {
    const recovered = row.recoveredAfterS === null ? "never" : `${row.recoveredAfterS.toFixed(1)} s`;
    print(`| ${row.fault} | ${row.injectedHow} | ${row.acknowledged} | ${row.lost} | ${row.duplicated} | ${recovered} |`);
  }
  for (const row of rows) for (const note of row.notes) print(`- ${row.fault}: ${note}`);
}
