// The errors of the audit trail's filters.
import { arborError } from '../errors';

export const badDate = () => arborError('audit.badDate', 'That date is not valid.');
