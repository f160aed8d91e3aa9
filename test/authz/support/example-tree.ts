// The small tree the decision tables are written on, with names as the messages use them:
// R ─┬─ A ─┬─ A1 ── A1a
//    │     └─ A2
//    └─ B ─── B1
import type { UnitRef } from '../../../lib/authz';

export const unit = (path: string, name: string): UnitRef => ({ id: path.split('/').filter(Boolean).at(-1)!, path, name });
export const R = unit('/R/', 'Acme');
export const A = unit('/R/A/', 'Engineering');
export const A1 = unit('/R/A/A1/', 'Cloud');
export const A1a = unit('/R/A/A1/A1a/', 'AWS');
export const A2 = unit('/R/A/A2/', 'Data');
export const B = unit('/R/B/', 'Sales');
export const B1 = unit('/R/B/B1/', 'EMEA');
