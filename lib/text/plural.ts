// Counted nouns, in one place: "1 member", "2 members", "1,200 units". Intl.PluralRules decides
// the form, so 0 and 1.5 read right too; irregular plurals pass their own ("person", "people").
const rules = new Intl.PluralRules('en');

export function plural(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString('en')} ${rules.select(n) === 'one' ? one : other}`;
}
