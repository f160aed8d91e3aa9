// Email domains a tenant can claim. Consumer mail providers (gmail.com and ~8,000 others, from
// the `email-providers` list) can never be claimed, so nobody can capture them.
import providers from 'email-providers/all.json' with { type: 'json' };
import { invalid } from '../errors';

const consumer = new Set<string>(providers as string[]);
const HOSTNAME = /^(?=.{4,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export const isConsumerDomain = (domain: string) => consumer.has(domain.toLowerCase());

export function validateDomain(raw: unknown): string {
  const domain = typeof raw === 'string' ? raw.trim().toLowerCase().replace(/\.$/, '') : '';
  if (!HOSTNAME.test(domain)) throw invalid('domain.invalid', `"${String(raw ?? '').slice(0, 80)}" is not a valid domain name.`);
  if (isConsumerDomain(domain)) {
    throw invalid('domain.consumer', `${domain} is a public email provider; only a company's own domain can be claimed.`);
  }
  return domain;
}
