// A write's successful answer carries the consistency token of the moment it was acknowledged
// (./consistency-token.ts): the API's entry points and the SCIM endpoint stamp it once the handler
// has returned, so every write the handler awaited came before the token's moment.
import { CONSISTENCY_TOKEN_HEADER, issueConsistencyToken } from './consistency-token';

/** Stamps a successful (2xx) answer with a token issued now; a refusal wrote nothing and gets none. */
export function withWriteToken(response: Response): Response {
  if (response.ok) response.headers.set(CONSISTENCY_TOKEN_HEADER, issueConsistencyToken());
  return response;
}
