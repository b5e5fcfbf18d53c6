// Which of the template's tokens a CSV file lacks: headers are the tokens (no mapping step), so a missing
// header means an empty value in every row.

/** The cells of one CSV line (RFC 4180 quotes). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { cell += '"'; i++; }
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") { cells.push(cell.trim()); cell = ""; }
    else cell += ch;
  }
  cells.push(cell.trim());
  return cells.filter((c) => c !== "");
}

/** The first line of a text (the header row). */
export function firstLine(text: string): string {
  return text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
}

/** The expected columns that the file's header does not have. */
export function missingColumns(expected: readonly string[], header: readonly string[]): string[] {
  const have = new Set(header);
  return expected.filter((c) => !have.has(c));
}
