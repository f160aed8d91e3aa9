// Email domains a tenant can claim. Consumer mail providers (gmail.com and ~8,000 others, from
// the `email-providers` list) can never be claimed, so nobody can capture them.
import providers from 'email-providers/all.json' with { type: 'json' };
import { badDomain, consumerDomain } from './errors';

const consumer = new Set<string>(providers as string[]);
const HOSTNAME = /^(?=.{4,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export const isConsumerDomain = (domain: string) => consumer.has(domain.toLowerCase());

export function validateDomain(raw: unknown): string {
  const domain = typeof raw === 'string' ? raw.trim().toLowerCase().replace(/\.$/, '') : '';
  if (!HOSTNAME.test(domain)) throw badDomain(raw);
  if (isConsumerDomain(domain)) {
    throw consumerDomain(domain);
  }
  return domain;
}
