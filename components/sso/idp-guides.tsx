// Step-by-step guides for the identity providers customers use most, each with the exact values
// to copy from this page. Server-rendered text; the values come from the screen's view.
import type { ServiceProviderValues } from '@/lib/screens/sso';

function Value({ children }: { children: string }) {
  return <code className="rounded bg-zinc-100 px-1 py-0.5 text-xs break-all dark:bg-zinc-800">{children}</code>;
}

function Guide({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <details className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <summary className="cursor-pointer text-sm font-medium">{title}</summary>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">{children}</ol>
    </details>
  );
}

export function IdpGuides({ sp }: { sp: ServiceProviderValues }) {
  return (
    <section aria-labelledby="sso-guides" className="space-y-2">
      <h2 id="sso-guides" className="text-lg font-semibold">Set it up at your identity provider</h2>
      <Guide title="Okta (SAML)">
        <li>Admin Console → Applications → Create App Integration → <strong>SAML 2.0</strong>; name it Arbor.</li>
        <li>Single sign-on URL: <Value>{sp.acsUrl}</Value> (use it for Recipient and Destination too).</li>
        <li>Audience URI (SP Entity ID): <Value>{sp.entityId}</Value>. Name ID format: <strong>EmailAddress</strong>; Application username: Email.</li>
        <li>Attribute statements: <Value>givenName</Value> = user.firstName, <Value>familyName</Value> = user.lastName; group attribute <Value>groups</Value> (optional).</li>
        <li>Finish, then on Sign On copy the <strong>Metadata URL</strong> into “IdP metadata URL” below. Assign the people or groups.</li>
      </Guide>
      <Guide title="Okta (OpenID Connect)">
        <li>Create App Integration → <strong>OIDC</strong>, Web Application, grant type Authorization Code.</li>
        <li>Sign-in redirect URI: <Value>{sp.redirectUri}</Value>.</li>
        <li>Issuer: <Value>https://&lt;your-org&gt;.okta.com</Value>; copy the Client ID and Client secret below.</li>
      </Guide>
      <Guide title="Microsoft Entra ID (SAML)">
        <li>Entra admin center → Enterprise applications → New application → Create your own → non-gallery; then Single sign-on → <strong>SAML</strong>.</li>
        <li>Identifier (Entity ID): <Value>{sp.entityId}</Value>. Reply URL (ACS URL): <Value>{sp.acsUrl}</Value>.</li>
        <li>Attributes &amp; Claims: Unique User Identifier = user.mail with format Email address; add <Value>givenName</Value>, <Value>familyName</Value>; optionally a group claim named <Value>groups</Value>.</li>
        <li>Copy the <strong>App Federation Metadata Url</strong> into “IdP metadata URL” below. Assign users and groups.</li>
      </Guide>
      <Guide title="Microsoft Entra ID (OpenID Connect)">
        <li>App registrations → New registration; Web redirect URI <Value>{sp.redirectUri}</Value>.</li>
        <li>Certificates &amp; secrets → New client secret; Token configuration → add the optional claim <Value>email</Value>.</li>
        <li>Issuer: <Value>https://login.microsoftonline.com/&lt;directory id&gt;/v2.0</Value>. Entra must emit <Value>email_verified</Value> (claims-mapping policy), or prefer SAML.</li>
      </Guide>
      <Guide title="Google Workspace (SAML)">
        <li>Admin console → Apps → Web and mobile apps → Add app → <strong>Add custom SAML app</strong>; name it Arbor.</li>
        <li>Download the IdP metadata and paste it into “IdP metadata XML” below.</li>
        <li>ACS URL: <Value>{sp.acsUrl}</Value>; Entity ID: <Value>{sp.entityId}</Value>; Name ID format EMAIL, Name ID Basic Information → Primary email.</li>
        <li>Attribute mapping: First name → <Value>givenName</Value>, Last name → <Value>familyName</Value>. Turn the app on for your organizational units.</li>
      </Guide>
      <Guide title="Google Workspace (OpenID Connect)">
        <li>Google Cloud console → APIs &amp; Services → Credentials → OAuth client ID, type Web application; consent screen Internal.</li>
        <li>Authorized redirect URI: <Value>{sp.redirectUri}</Value>. Issuer: <Value>https://accounts.google.com</Value>. Scopes: openid email profile.</li>
      </Guide>
    </section>
  );
}
