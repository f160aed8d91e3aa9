// /api/v1 requests no route handler answers get the API's one error shape: an unknown path a 404,
// a known path asked with another method a 405 naming the methods it answers (RFC 9110 §15.5.6).
// Every operation's own path and method passes through. Over HTTP: e2e/api-reference.spec.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { unroutedApiRequest } from '../../lib/api/unrouted-request';
import { allOperations } from '../../lib/api/operations';
import { errorResponse } from '../../lib/errors/http';

describe('requests no /api/v1 route answers', () => {
  test('every operation, and the document, reach their route', () => {
    const refused = allOperations
      .map((op) => [op.method.toUpperCase(), op.path.replace(/\{\w+\}/g, '01JABCDEFGHJKMNPQRSTVWXYZ0')] as const)
      .concat([['GET', '/api/v1/openapi.json'], ['HEAD', '/api/v1/openapi.json'], ['OPTIONS', '/api/v1/units']])
      .filter(([method, path]) => unroutedApiRequest(method, path))
      .map(([method, path]) => `${method} ${path}`);
    assert.deepEqual(refused, []);
  });

  test('an unknown path is a JSON 404 in the error shape', async () => {
    for (const [method, path] of [['GET', '/api/v1/nowhere'], ['POST', '/api/v1/units/u1/nowhere'], ['DELETE', '/api/v1/units/u1/x/y/z']]) {
      const res = errorResponse(unroutedApiRequest(method, path));
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.headers.get('content-type'), 'application/json');
      assert.deepEqual(await res.json(), { error: { code: 'request.unknownPath', message: `There is no ${path} in Arbor's API: see /api/v1/openapi.json for its paths.`, details: { path } } });
    }
  });

  test('another method on a known path is a JSON 405 with Allow', async () => {
    const res = errorResponse(unroutedApiRequest('put', '/api/v1/units/01JABCDEFGHJKMNPQRSTVWXYZ0'));
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'DELETE, GET, HEAD, OPTIONS, PATCH');
    const body = (await res.json()) as { error: { code: string; details: { allow: string[] } } };
    assert.equal(body.error.code, 'request.methodNotAllowed');
    assert.deepEqual(body.error.details.allow, ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH']);
    assert.equal(errorResponse(unroutedApiRequest('DELETE', '/api/v1/openapi.json')).headers.get('allow'), 'GET, HEAD, OPTIONS');
  });

  test('paths outside /api/v1 are not its business', () => {
    assert.equal(unroutedApiRequest('GET', '/units/nowhere'), undefined);
    assert.equal(unroutedApiRequest('GET', '/api/auth/session'), undefined);
  });
});
