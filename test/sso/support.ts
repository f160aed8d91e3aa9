// Shared set-up for the SSO tests: the operator's platform access.
import { directClient, tableName } from '../support/stack';

export const operatorDb = () => ({ client: directClient(), tableName: tableName() });
