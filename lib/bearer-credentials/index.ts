// Bearer credentials: API keys, directory (SCIM) tokens and setup links share one lifecycle.
// A secret is `<prefix><43 base64url characters>` (256 random bits), shown once when created; the
// prefix tells secret scanners (and people) what it is. Arbor keeps only its SHA-256 (base64url)
// and the last 4 characters (a hint to tell credentials apart). The platform item
// `TOKEN#<hash>` / `TOKEN` (P5, its `kind` naming the credential) is the one GetItem that turns a
// bearer into a tenant; deleting it revokes the credential at once. Each area keeps its own
// tenant-side entry (listing, audit, version) and its own attributes on the platform item.
export { issueSecret, credentialHash, type IssuedSecret } from './secret';
export {
  putAccessToken, readAccessToken, revokeAccessToken, noteAccessTokenUse, lastUses,
  type AccessTokenKind, type AccessTokenItem,
} from './access-token';
