'use client';
// An on/off setting with its label and explanation (just-in-time provisioning, IdP-initiated sign-in).
import { Description, Field, Label, Switch } from '@headlessui/react';

export function SwitchField({ label, description, checked, onChange }: { label: string; description: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <Field className="flex items-start gap-3">
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative mt-0.5 inline-flex h-5 w-9 shrink-0 cursor-pointer rounded-full bg-zinc-300 transition-colors data-checked:bg-emerald-700 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-emerald-600 dark:bg-zinc-700 dark:data-checked:bg-emerald-600"
      >
        <span aria-hidden="true" className="pointer-events-none mt-0.5 ml-0.5 inline-block size-4 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-4" />
      </Switch>
      <div>
        <Label className="text-sm font-medium">{label}</Label>
        <Description className="text-xs text-zinc-600 dark:text-zinc-400">{description}</Description>
      </div>
    </Field>
  );
}
