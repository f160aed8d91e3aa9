// What a setup link's page calls (app/api/setup/**): the customer's IT admin, holding a setup
// link rather than a session or an API key, configures the organization's domains, its SSO
// connection and a directory token, with the same bodies and answers as the console's settings
// at the link's own paths. Not in the public reference (lib/openapi): these are the setup page's
// contract with its routes, typed and checked as the public operations are.
import { z } from 'zod';
import type { ListedOperation } from './index';
import { directory } from './directory';
import { sso } from './sso';

/** `op` as the setup link serves it, at `path`. */
const atSetup = <const O extends ListedOperation, const P extends string>(op: O, path: P) =>
  ({ ...op, path, operationId: `setup${op.operationId[0].toUpperCase()}${op.operationId.slice(1)}`, tag: 'Setup link' }) as Omit<O, 'path'> & { path: P };

export const setup = {
  listDomains: atSetup(sso.listDomains, '/api/setup/domains'),
  addDomain: atSetup(sso.addDomain, '/api/setup/domains'),
  removeDomain: atSetup(sso.removeDomain, '/api/setup/domains/{domain}'),
  verifyDomain: atSetup(sso.verifyDomain, '/api/setup/domains/{domain}/verify'),
  getConnection: atSetup(sso.getConnection, '/api/setup/sso'),
  saveConnection: atSetup(sso.saveConnection, '/api/setup/sso'),
  test: atSetup(sso.test, '/api/setup/sso/test'),
  setEnabled: atSetup(sso.setEnabled, '/api/setup/sso/enabled'),
  createDirectoryToken: {
    ...atSetup(directory.createToken, '/api/setup/directory/tokens'),
    response: directory.createToken.response.extend({ baseUrl: z.string().meta({ description: "The directory's SCIM base URL, for the IdP." }) }),
  },
};
