/** Lays out rows as columns: the first column (and any listed in `left`) to the left, numbers to the right. */
export function formatTable(rows: (string | number)[][], left: number[] = [0]) {
  const cells = rows.map((row) => row.map(String));
  const widths = cells[0].map((_, col) => Math.max(...cells.map((row) => (row[col] ?? '').length)));
  return cells
    .map((row) =>
      row
        .map((cell, col) => (left.includes(col) ? cell.padEnd(widths[col]) : cell.padStart(widths[col])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** `part` of `whole` as a whole percentage, for the content's figures. */
export const percent = (part: number, whole: number) => (whole === 0 ? '0%' : `${Math.round((100 * part) / whole)}%`);
