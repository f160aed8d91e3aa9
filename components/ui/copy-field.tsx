'use client';
// A read-only value with a Copy button (the redirect URI to register at the IdP, the SCIM URL, a
// new directory token). Ids are per instance: several may share a page.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/text-field';

export function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (permissions, insecure context): the value stays selectable.
      setCopied(false);
    }
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">{label}</label>
      <div className="flex gap-2">
        <input id={id} readOnly value={value} className={`${inputClass} font-mono`} onFocus={(e) => e.currentTarget.select()} aria-describedby={hint ? `${id}-hint` : undefined} />
        <Button onClick={copy} aria-label={`Copy ${label}`}>{copied ? 'Copied' : 'Copy'}</Button>
      </div>
      {hint && <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{hint}</p>}
      <span aria-live="polite" className="sr-only">{copied ? 'Copied to the clipboard' : ''}</span>
    </div>
  );
}
