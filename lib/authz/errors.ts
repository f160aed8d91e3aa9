// The refusal of lib/authz: `authz.<action>`, worded by the rule that denied it.
import { arborError } from '../errors';
import type { Action } from './actions';
import type { Denied } from './explain-access';

export const denied = <A extends Action>(decision: Denied<A>) =>
  arborError(`authz.${decision.action}`, decision.message, { action: decision.action, reason: decision.reason });
