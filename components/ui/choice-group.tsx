'use client';
// One choice among a few, each said in words with a line explaining it: radio buttons in a fieldset.

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint: string;
}

export function ChoiceGroup<T extends string>({ legend, name, choices, value, onChange }: { legend: string; name: string; choices: Choice<T>[]; value: T; onChange: (value: T) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex items-start gap-2 text-sm">
          <input type="radio" name={name} className="mt-1" value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
          <span>
            {choice.label}
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">{choice.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
