// Renders rows as a plain aligned text table for the terminal (null shows as "-"; a line break in
// a cell shows as a space, so each row stays one line).

export function table<Row extends object>(columns: readonly (keyof Row & string)[], rows: readonly Row[]): string {
  const cells = rows.map((row) =>
    columns.map((column) => {
      const value = row[column];
      return value === null || value === undefined ? '-' : String(value).replace(/[\r\n]+/g, ' ');
    }),
  );
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i]!.length)));
  const render = (line: readonly string[]): string =>
    line
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [render(columns), ...cells.map(render), `(${rows.length} rows)`].join('\n');
}
