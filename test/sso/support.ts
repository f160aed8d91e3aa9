// Shared set-up for the SSO tests: the runtime's platform credentials, as the app uses them
// (so the IAM gateway checks that connections and discovery stay on platform items).
import { testPlatformDb } from '../support/tenancy';

export const operatorDb = testPlatformDb;
