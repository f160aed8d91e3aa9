// The errors of SAML connections: their settings and the IdP metadata they are read from.
import { arborError } from '../errors';

export const badSamlSetting = (field: 'issuer' | 'ssoUrl' | 'metadata' | 'attribute', detail: string) =>
  arborError('saml.badSetting', detail, { field });

export const badIdpCertificate = (detail: string) =>
  arborError('saml.badCertificate', `The identity provider's certificate could not be used: ${detail}`);

export const badIdpMetadata = (detail: string) =>
  arborError('saml.badMetadata', `The identity provider's metadata could not be read: ${detail}`);

export const spKeyUnreadable = () =>
  arborError('saml.keyUnreadable', "This organization's SAML signing key could not be decrypted. An operator must set the connection again.");

export const metadataUnreachable = (detail: string) =>
  arborError('saml.metadataUnreachable', `The metadata URL did not answer with metadata: ${detail}`);
