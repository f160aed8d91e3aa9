'use client';
// A labelled Headless UI Combobox whose options come from the server as the person types
// (people to add, units to place someone in). Keyboard: type, arrows, Enter; Escape closes.
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { useState, type ReactNode } from 'react';
import { inputClass } from '@/components/ui/text-field';
import { useRemoteOptions } from './use-remote-options';

export interface RemoteComboboxProps<T> {
  label: string;
  placeholder?: string;
  value: T | null;
  onChange: (value: T | null) => void;
  /** The options for what was typed, from the API (lib/api/client.ts); aborted when the typing goes on. */
  search: (query: string, signal: AbortSignal) => Promise<T[]>;
  keyOf: (option: T) => string;
  display: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  emptyText?: string;
  autoFocus?: boolean;
  /** The label is the accessible name only (a table's column says what the field is). */
  hideLabel?: boolean;
}

export function RemoteCombobox<T>({
  label, placeholder, value, onChange, search, keyOf, display, renderOption, emptyText = 'No matches.', autoFocus, hideLabel,
}: RemoteComboboxProps<T>) {
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const { options, loading, error } = useRemoteOptions(trimmed || null, search);
  const status = error ?? (loading ? 'Searching…' : trimmed && options.length === 0 ? emptyText : null);

  return (
    <Field>
      <Label className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium'}>{label}</Label>
      <Combobox value={value} onChange={onChange} onClose={() => setQuery('')} by={(a, b) => (a && b ? keyOf(a) === keyOf(b) : a === b)}>
        <ComboboxInput
          className={inputClass}
          placeholder={placeholder}
          autoFocus={autoFocus}
          autoComplete="off"
          displayValue={(v: T | null) => (v ? display(v) : '')}
          onChange={(e) => setQuery(e.target.value)}
        />
        <ComboboxOptions
          anchor="bottom start"
          className="z-[60] mt-1 max-h-64 w-[var(--input-width)] overflow-auto rounded-md border border-zinc-200 bg-white p-1 text-sm shadow-lg empty:invisible dark:border-zinc-700 dark:bg-zinc-900"
        >
          {options.map((option) => (
            <ComboboxOption
              key={keyOf(option)}
              value={option}
              className="cursor-pointer rounded px-2 py-1.5 data-focus:bg-emerald-50 dark:data-focus:bg-emerald-900/40"
            >
              {renderOption(option)}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      <p aria-live="polite" className="mt-1 min-h-4 text-xs text-zinc-600 dark:text-zinc-400">
        {status}
      </p>
    </Field>
  );
}
