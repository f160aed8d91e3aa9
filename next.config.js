/** @type {import('next').NextConfig} */
const nextConfig = {
  // The AWS SDK and the local-stack tooling stay out of the server bundle's transpilation.
  serverExternalPackages: ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/client-sts'],
  poweredByHeader: false,
};

export default nextConfig;
