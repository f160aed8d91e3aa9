'use client';
// The audit log's filters: who (a person of the organization), what (an action), where (a unit)
// and when (UTC days). They live in the address, so a filtered view can be shared and reloaded,
// the server renders its first page, and "Export CSV" downloads exactly what is shown.
import { usePathname, useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/text-field';
import { RemoteCombobox } from '@/components/members/remote-combobox';
import { UnitPicker } from '@/components/members/unit-picker';
import { call } from '@/lib/api/client';
import { AUDIT_ACTION_GROUPS } from '@/lib/audit/audit-actions';
import type { UnitOption } from '@/lib/screens/members';
import { auditQuery, pageQuery, type AuditFilterValues } from './audit-filter-query';

export type { AuditFilterValues };

interface Person {
  userId: string;
  label: string;
}

export function AuditFilters({ value }: { value: AuditFilterValues }) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, start] = useTransition();
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const go = (next: AuditFilterValues) => start(() => router.replace(`${pathname}${pageQuery(next)}`, { scroll: false }));
  const person: Person | null = value.actor ? { userId: value.actor.id, label: value.actor.label } : null;
  const unit: UnitOption | null = value.unit ? { id: value.unit.id, name: value.unit.name, parents: [], addRoles: [], inviteRoles: [] } : null;
  const active = Boolean(value.actor || value.action || value.unit || value.from || value.to);
  const exportHref = `/api/v1/export/audit.csv${auditQuery(value).size ? `?${auditQuery(value)}` : ''}`;

  return (
    <form
      aria-label="Filter the audit log"
      className="grid gap-3 rounded-lg border border-zinc-200 p-3 sm:grid-cols-2 lg:grid-cols-3 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        go({ ...value, from: from || undefined, to: to || undefined });
      }}
    >
      <RemoteCombobox<Person>
        label="Actor"
        placeholder="Name or email"
        value={person}
        onChange={(p) => go({ ...value, actor: p ? { id: p.userId, label: p.label } : undefined })}
        search={async (q, signal) => {
          const page = await call('members.list', { query: { q }, signal });
          return 'rows' in page ? page.rows.flatMap((r) => (r.kind === 'member' ? [{ userId: r.userId, label: r.name || r.email }] : [])) : [];
        }}
        keyOf={(p) => p.userId}
        display={(p) => p.label}
        renderOption={(p) => p.label}
        emptyText="Nobody by that name or email."
      />
      <label className="block text-sm font-medium">
        <span className="mb-1 block">Action</span>
        <select className={inputClass} value={value.action ?? ''} onChange={(e) => go({ ...value, action: e.target.value || undefined })}>
          <option value="">Any action</option>
          {AUDIT_ACTION_GROUPS.map(({ group, actions }) => (
            <optgroup key={group} label={group}>
              {Object.entries(actions).map(([action, label]) => (
                <option key={action} value={action}>{label}</option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <UnitPicker label="Unit" value={unit} onChange={(u) => go({ ...value, unit: u ? { id: u.id, name: u.name } : undefined })} />
      <label className="block text-sm font-medium">
        <span className="mb-1 block">From (UTC day)</span>
        <input type="date" className={inputClass} value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label className="block text-sm font-medium">
        <span className="mb-1 block">To (UTC day)</span>
        <input type="date" className={inputClass} value={to} onChange={(e) => setTo(e.target.value)} />
      </label>
      <div className="flex flex-wrap items-end gap-2">
        <Button type="submit" disabled={pending}>{pending ? 'Filtering…' : 'Apply dates'}</Button>
        {active && (
          <Button type="button" variant="ghost" onClick={() => { setFrom(''); setTo(''); go({}); }}>
            Clear filters
          </Button>
        )}
        <a href={exportHref} download className="rounded-md px-3 py-2 text-sm font-medium text-emerald-800 underline underline-offset-2 dark:text-emerald-400">
          Export CSV
        </a>
      </div>
    </form>
  );
}
