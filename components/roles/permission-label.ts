// A permission as people read it: Arbor's by its label, the organization's by its description.
import { ARBOR_PERMISSIONS, isArborPermission, type TenantPermission } from '@/lib/authz/role-catalogue';

export function permissionLabel(key: string, own: readonly TenantPermission[]): string {
  if (isArborPermission(key)) return ARBOR_PERMISSIONS[key].label;
  return own.find((p) => p.key === key)?.description || key;
}
