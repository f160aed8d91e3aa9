// Directory sync: SCIM 2.0 provisioning (Entra ID, Okta) that builds the tree. docs/scim.md.
import 'server-only';
export { handleScimRequest } from './handler';
export { createScimToken, listScimTokens, revokeScimToken, MAX_TOKENS, type DirectoryScope, type DirectoryToken } from './tokens';
export { getDirectoryConfig, saveDirectoryConfig, listDirectoryErrors, directoryActor, PROVIDERS, type DirectoryConfig, type Provider, type DirectoryErrorEntry } from './directory-config';
export { validateRules, EMPTY_RULES, type DirectoryRules, type GroupRule, type PathRule, type GroupNamesRule } from './rules';
export { authorizeRuleRoles } from './rule-roles';
export { previewDirectoryRules, applyDirectoryRules, listDirectoryGroups, type DirectoryPreview, type ApplyProgress } from './preview';
export { scimBaseUrl } from './protocol';
