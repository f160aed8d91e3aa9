'use client';
// The chart's own search: a type-ahead over the names in the loaded chart (no request), as a
// combobox with its list; choosing a name focuses its card.
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { searchCards, type ChartModel } from './chart-model';

export function ChartSearch({ model, label, onChoose }: { model: ChartModel; label: string; onChoose: (id: string) => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const matches = useMemo(() => searchCards(model, query), [model, query]);
  const shown = open && query.trim() !== '';

  const choose = (id: string) => {
    setOpen(false);
    setQuery(model.byId.get(id)?.name ?? '');
    onChoose(id);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, matches.length - 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (e.key === 'Enter' && matches[active]) choose(matches[active].id);
    else if (e.key === 'Escape') setOpen(false);
    else return;
    e.preventDefault();
  };

  return (
    <div className="relative w-full sm:w-64">
      <input
        type="search"
        role="combobox"
        aria-label={label}
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && matches[active] ? `${listId}-${active}` : undefined}
        placeholder={label}
        value={query}
        onChange={(e) => { setQuery(e.target.value); setActive(0); setOpen(true); }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="w-full rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <ul id={listId} role="listbox" aria-label={`${label}: matches`} hidden={!shown}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        {matches.map((card, i) => (
          <li key={card.id} id={`${listId}-${i}`} role="option" aria-selected={i === active}
            onMouseDown={(e) => { e.preventDefault(); choose(card.id); }}
            className={`cursor-pointer truncate px-3 py-1.5 ${i === active ? 'bg-emerald-50 dark:bg-emerald-950' : ''}`}>
            {card.name}
            {card.kind === 'person' && card.person.unit && <span className="text-zinc-500"> · {card.person.unit.name}</span>}
          </li>
        ))}
        {shown && matches.length === 0 && <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-1.5 text-zinc-500">No match in this chart</li>}
      </ul>
    </div>
  );
}
