'use client';
// Where a role reaches from the unit it is held on, chosen in words, each with an example.
import { REACHES, type Reach } from '@/lib/authz/role-catalogue';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { REACH_WORDS } from './reach-words';

const CHOICES = REACHES.map((reach) => ({ value: reach, label: REACH_WORDS[reach].label, hint: REACH_WORDS[reach].example }));

export function ReachPicker({ value, onChange }: { value: Reach; onChange: (reach: Reach) => void }) {
  return <ChoiceGroup legend="Where it reaches from the unit it is held on" name="reach" choices={CHOICES} value={value} onChange={onChange} />;
}
