// Where a role reaches, in the words the console uses (docs/roles.md), each with an example.
import type { Reach } from '@/lib/authz/role-catalogue';

export const REACH_WORDS: Record<Reach, { label: string; example: string }> = {
  subtree: { label: 'This unit and everything below it', example: 'Held on Sales: Sales, Sales EMEA and every team below them.' },
  unit: { label: 'This unit only', example: 'Held on Sales: Sales itself, none of the units below it.' },
  below: { label: 'Only the units below it', example: 'Held on Sales: Sales EMEA and every team below it, not Sales itself.' },
};
