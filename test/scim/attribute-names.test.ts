// Names as the schema spells them, without a network: paths, value filters, URNs, body keys.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalPath, canonicalResource, withoutNulls } from '../../lib/scim/attribute-names';
import { scimmy } from '../../lib/scim/protocol';
import { ENTERPRISE } from './support';

describe('SCIM attribute names', () => {
  const user = () => scimmy().Schemas.User.definition;

  test('paths: attributes, sub-attributes, value filters (quoted values kept), URNs; unknown names as sent', () => {
    const cases: [string, string][] = [
      ['DisplayName', 'displayName'],
      ['Name.GivenName', 'name.givenName'],
      ['emails[Type EQ "Work" AND Primary eq true].Value', 'emails[type eq "Work" and primary eq true].value'],
      ['emails[type eq "Type eq x"]', 'emails[type eq "Type eq x"]'],
      [`${ENTERPRISE.toUpperCase()}:Department`, `${ENTERPRISE}:department`],
      [`${ENTERPRISE.toLowerCase()}:Manager.Value`, `${ENTERPRISE}:manager.value`],
      ['URN:IETF:PARAMS:SCIM:SCHEMAS:CORE:2.0:USER:UserName', 'userName'],
      ['Nonsense', 'Nonsense'],
      ['Name.Nonsense', 'Name.Nonsense'],
      ['x'.repeat(600), 'x'.repeat(600)],
    ];
    for (const [sent, canonical] of cases) assert.equal(canonicalPath(user(), sent).path, canonical, sent);
  });

  test('bodies: keys and members of complex and multi-valued values; nulls dropped at every depth', () => {
    const body = withoutNulls({ UserName: 'a', Title: null, Emails: [null, { Value: 'a@x.test', Type: null }], [ENTERPRISE.toUpperCase()]: { Department: 'Ops', Manager: null } });
    assert.deepEqual(canonicalResource(user(), body as Record<string, unknown>), { userName: 'a', emails: [{ value: 'a@x.test' }], [ENTERPRISE]: { department: 'Ops' } });
  });
});
