import { startOidcIssuer } from '../helpers/oidc-issuer.ts';

/**
 * The local OpenID Connect issuer the browser tests sign in with Google against (this machine has
 * no internet): `playwright.config.ts` starts it on E2E_OIDC_PORT before the store, whose
 * OIDC_GOOGLE_ISSUER points here. Its one user is a Google account no store account is linked to yet.
 */
const port = Number(process.env['E2E_OIDC_PORT'] ?? 18081);
const issuer = await startOidcIssuer({ port, ...(process.env['E2E_OIDC_CLIENT_ID'] ? { clientId: process.env['E2E_OIDC_CLIENT_ID'] } : {}) });
console.log(`OIDC test issuer ready at ${issuer.issuer} (client ${issuer.clientId})`);

const stop = () => {
  issuer.close().then(() => process.exit(0), () => process.exit(1));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
