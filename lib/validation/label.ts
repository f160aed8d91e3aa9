// Short labels people give what they create for others (a directory token, a setup link): they
// read like any name (visible, no controls or direction changes, bounded as indexed text), and are
// at most 60 characters. Each area answers with its own error.
import { validateName } from './text';

export const LABEL_MAX_LENGTH = 60;

export function validateLabel(raw: unknown, refuse: () => Error): string {
  let label: string;
  try {
    label = validateName(raw, 'unit');
  } catch {
    throw refuse();
  }
  if ([...label].length > LABEL_MAX_LENGTH) throw refuse();
  return label;
}
