// The errors of the check API (`check.*`, docs/checks.md, "Limits"). Someone outside the
// organization is "not found", never "denied": a refusal would confirm they exist elsewhere.
import { arborError } from '../errors';

export const subjectNotFound = () =>
  arborError('check.subjectNotFound', 'There is nobody with this id, email or external id in the organization.');

export const checkUnitNotFound = () => arborError('check.unitNotFound', 'There is no unit with this id in the organization.');

export const unknownCheckPermission = (permission: string) =>
  arborError('check.unknownPermission', `"${permission}" is neither one of Arbor's permissions nor one of the organization's.`, { permission });

export const badConsistencyToken = () =>
  arborError('check.badToken', 'The consistency token is not one Arbor issued. Send a token from a write\'s Arbor-Consistency-Token header or an earlier answer\'s consistencyToken.');
