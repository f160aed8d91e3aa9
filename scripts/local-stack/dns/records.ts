// The local DNS server's zone: TXT values by name (lower case, no trailing dot), kept as JSON in
// a file when one is given so `npm run dev` finds its records again after a restart.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// RFC 1035: labels of 1–63 octets, at most 253 characters written out. Underscores are allowed
// for names such as _arbor-verification.example.com.
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** `Example.COM.` → `example.com`; throws when it is not a DNS name. */
export function normalizeName(name: string): string {
  const normalized = name.toLowerCase().replace(/\.$/, '');
  if (normalized.length === 0 || normalized.length > 253 || !normalized.split('.').every((l) => LABEL.test(l))) {
    throw new Error(`not a DNS name: ${JSON.stringify(name)}`);
  }
  return normalized;
}

/** One TXT value as character-strings of at most 255 bytes (RFC 1035 §3.3.14), never splitting a character. */
export function characterStrings(value: string): string[] {
  const chunks = [''];
  let bytes = 0;
  for (const char of value) {
    const size = Buffer.byteLength(char);
    if (bytes + size > 255) {
      chunks.push('');
      bytes = 0;
    }
    chunks[chunks.length - 1] += char;
    bytes += size;
  }
  return chunks;
}

export class TxtRecords {
  private readonly byName = new Map<string, string[]>();

  constructor(private readonly file?: string) {
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    if (!existsSync(file)) return;
    const saved: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) throw new Error(`${file} is not a JSON object of TXT records`);
    for (const [name, values] of Object.entries(saved)) {
      const txt = assertValues(values);
      if (txt.length > 0) this.byName.set(normalizeName(name), txt);
    }
  }

  /** The values of a name, or undefined when the name is not in the zone. */
  get(name: string): string[] | undefined {
    return this.byName.get(name.toLowerCase().replace(/\.$/, ''));
  }

  /** Replaces the name's values; no values removes the name. */
  set(name: string, values: string[]): void {
    const key = normalizeName(name);
    if (assertValues(values).length === 0) this.byName.delete(key);
    else this.byName.set(key, [...values]);
    this.save();
  }

  list(): Record<string, string[]> {
    return Object.fromEntries([...this.byName].sort(([a], [b]) => a.localeCompare(b)));
  }

  private save() {
    if (this.file) writeFileSync(this.file, `${JSON.stringify(this.list(), null, 2)}\n`);
  }
}

function assertValues(values: unknown): string[] {
  if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) throw new Error('TXT values must be an array of strings');
  return values;
}
