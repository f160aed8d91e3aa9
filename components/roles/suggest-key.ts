// A role key suggested from its name ("Budget approver" → "budget-approver"), shaped to
// ROLE_KEY_PATTERN; the person may still change it before the role is created.
import { KEY_MAX_LENGTH } from '@/lib/authz/role-catalogue';

export function suggestKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .slice(0, KEY_MAX_LENGTH)
    .replace(/-+$/, '');
}
