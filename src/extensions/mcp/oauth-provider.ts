import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthRecord, OAuthStore } from './oauth-store';

/** What only `synapse mcp login` has: a loopback redirect, the state it expects back, and someone to send to the browser. */
export interface InteractiveLogin {
  redirectUrl: string;
  state: string;
  onAuthorizationUrl(url: URL): void | Promise<void>;
}

/** The SDK's OAuth client provider, plus whether the server asked for an authorization only a login can give. */
export interface SavedLoginProvider extends OAuthClientProvider {
  readonly loginNeeded: boolean;
}

/** What a login is, saved: the parts of OAuthRecord the SDK reads and writes. */
export type LoginState = Pick<OAuthRecord, 'url' | 'client' | 'tokens' | 'discovery'>;

/**
 * The SDK's OAuthClientProvider over a saved login (OAuthStore). With `login` (synapse mcp login) it does the
 * whole flow: dynamic client registration, the authorization URL, PKCE, the code exchange. Without it (a
 * run, exec, mcp list) it only uses what was saved: the access token is sent, refreshed when the server
 * refuses it (the new tokens saved), but no client is registered (no saveClientInformation) and nobody is
 * sent to a browser: an authorization the server wants sets `loginNeeded`, and the connection fails with
 * the line that names `synapse mcp login`.
 */
export function savedLoginProvider(store: OAuthStore, server: string, state: LoginState, login?: InteractiveLogin): SavedLoginProvider {
  let verifier: string | undefined;
  let loginNeeded = false;
  let writes: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    const snapshot = { ...state };
    writes = writes.then(() => store.write(server, snapshot));
    return writes;
  };
  const redirectUrl = login?.redirectUrl ?? (state.client?.redirect_uris as string[] | undefined)?.[0] ?? 'http://127.0.0.1/callback';
  const metadata: OAuthClientMetadata = {
    client_name: 'synapse',
    redirect_uris: [redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none', // a public client: PKCE, no secret to keep
  };

  const provider: SavedLoginProvider = {
    get loginNeeded() {
      return loginNeeded;
    },
    // A redirect URL is what tells the SDK this is the authorization-code flow (not client credentials).
    get redirectUrl() {
      return redirectUrl;
    },
    get clientMetadata() {
      return metadata;
    },
    clientInformation: () => state.client as OAuthClientInformationMixed | undefined,
    tokens: () => state.tokens as OAuthTokens | undefined,
    async saveTokens(tokens) {
      state.tokens = tokens as LoginState['tokens'];
      await save();
    },
    async redirectToAuthorization(url) {
      if (!login) {
        loginNeeded = true;
        return;
      }
      await login.onAuthorizationUrl(url);
    },
    saveCodeVerifier(codeVerifier) {
      verifier = codeVerifier;
    },
    codeVerifier() {
      if (!verifier) throw new Error('no PKCE code verifier: the authorization was not started by this login');
      return verifier;
    },
    discoveryState: () => state.discovery as OAuthDiscoveryState | undefined,
    async saveDiscoveryState(discovery) {
      state.discovery = discovery as LoginState['discovery'];
      await save();
    },
    async invalidateCredentials(scope) {
      if (scope === 'verifier') verifier = undefined;
      if (scope === 'all' || scope === 'client') state.client = undefined;
      if (scope === 'all' || scope === 'tokens') state.tokens = undefined;
      if (scope === 'all' || scope === 'discovery') state.discovery = undefined;
      if (scope !== 'verifier' && scope !== 'discovery' && !login) loginNeeded = true;
      await save();
    },
  };
  if (login) {
    provider.state = () => login.state;
    provider.saveClientInformation = async (client) => {
      state.client = client as LoginState['client'];
      await save();
    };
  }
  return provider;
}
