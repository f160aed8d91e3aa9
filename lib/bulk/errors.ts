// The errors of a CSV import's file as a whole (row problems are reported per line instead).
import { arborError } from '../errors';

export const importEmpty = () => arborError('import.empty', 'The file has no rows to import. Paste CSV text or choose a .csv file.');

export const importTooLarge = (maxBytes: number) =>
  arborError('import.tooLarge', `The file is larger than ${maxBytes / 1024 / 1024} MB. Split it into several imports.`);

export const badCsv = (line: number, problem: string) =>
  arborError('import.badCsv', `Line ${line}: ${problem}. Check the quotes on that line.`);

export const badHeader = (expected: string, found: string[]) =>
  arborError('import.badHeader', `The first line must name the columns: "${expected}" (found "${found.join(', ')}").`);

export const tooManyRows = (rows: number, max: number) =>
  arborError('import.tooManyRows', `The file has ${rows} rows; import at most ${max} at a time.`);

/** A row's custom roles (lib/authz findCustomRoles says what is wrong); reported on the row. */
export const badImportRoles = (problem: string) => arborError('import.badRoles', problem);
