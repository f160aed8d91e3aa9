// The refusal of lib/authz: `authz.<action>`, worded by the rule that denied it.
import { arborError } from '../errors';
import type { Action } from './actions';
import type { Denied } from './explain-access';

// Each action's denial code joins lib/errors' closed union from here (see DenialCodes there).
declare module '../errors/codes' {
  interface DenialCodes extends Record<`authz.${Action}`, 'forbidden'> {}
}

export const denied = <A extends Action>(decision: Denied<A>) =>
  arborError(`authz.${decision.action}`, decision.message, { action: decision.action, reason: decision.reason });
