// Which operations the SSO and domain forms call (lib/api/operations): the console's settings
// (`sso`, a signed-in owner or admin) or a setup link's (`setup`, the customer's IT admin). The
// two take and answer the same, at their own paths.
export type SsoSettingsArea = 'sso' | 'setup';
