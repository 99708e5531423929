/**
 * Wallet configuration: where the signing material of Apple Wallet passes,
 * Google Wallet save links and wallet push comes from. Each secret is given either inline (PEM or JSON
 * text in the variable) or as a file (the `_FILE` variable); inline wins. Nothing is read here: the
 * wallet reads the files when it needs them, so material added while the service runs (for instance
 * by `npm run ops -- wallet:dev-certs`) is used without a restart. What is missing makes the
 * endpoints that need it answer 503.
 *
 * When a variable is unset, the wallet looks in {@link WalletSettings.devDir} (`.data/wallet-dev/`,
 * beside the embedded database), where `wallet:dev-certs` writes a local test CA, a pass certificate
 * and a Google service-account key; never in production.
 */
import { dirname, join, resolve } from 'node:path';

/** A secret given inline or as a file; both absent: not configured. */
export interface SecretSource {
  readonly inline: string | undefined;
  readonly file: string | undefined;
}

export interface WalletSettings {
  readonly apple: {
    /** `APPLE_PASS_TYPE_ID`, e.g. `pass.com.example.membership`; also the APNs topic of pass updates. */
    readonly passTypeId: string | undefined;
    /** `APPLE_TEAM_ID`: the team that owns the pass type id. */
    readonly teamId: string | undefined;
    /** `APPLE_PASS_CERT` / `APPLE_PASS_CERT_FILE`: the pass type certificate, PEM. */
    readonly certificate: SecretSource;
    /** `APPLE_PASS_KEY` / `APPLE_PASS_KEY_FILE`: its private key, PEM. */
    readonly privateKey: SecretSource;
    /** `APPLE_PASS_KEY_PASSPHRASE`: the key's passphrase, when it is encrypted. */
    readonly privateKeyPassphrase: string | undefined;
    /** `APPLE_WWDR_CERT` / `APPLE_WWDR_CERT_FILE`: Apple's WWDR intermediate certificate (G4), PEM. */
    readonly wwdrCertificate: SecretSource;
  };
  readonly google: {
    /** `GOOGLE_WALLET_ISSUER_ID`: the Google Wallet issuer account id (digits). */
    readonly issuerId: string | undefined;
    /**
     * `GOOGLE_WALLET_SERVICE_ACCOUNT` / `GOOGLE_WALLET_SERVICE_ACCOUNT_FILE`: the service account's JSON
     * key (`client_email`, `private_key`), which signs save links and calls the Wallet API.
     */
    readonly serviceAccount: SecretSource;
    /** `GOOGLE_WALLET_API_URL`. Default `https://walletobjects.googleapis.com/walletobjects/v1`. */
    readonly apiUrl: string;
    /** `GOOGLE_OAUTH_TOKEN_URL`: where the service account trades its JWT for an access token. Default Google's. */
    readonly tokenUrl: string;
  };
  readonly apns: {
    /** `APNS_KEY` / `APNS_KEY_FILE`: the APNs token-auth signing key (.p8, PEM). */
    readonly key: SecretSource;
    /** `APNS_KEY_ID`: the key's id. */
    readonly keyId: string | undefined;
    /** `APNS_TEAM_ID`. Default `APPLE_TEAM_ID`. */
    readonly teamId: string | undefined;
    /** `APNS_URL`. Default `https://api.push.apple.com` (`https://api.sandbox.push.apple.com` for development devices). */
    readonly url: string;
    /**
     * `APNS_CA_FILE` (or `APNS_CA` inline): PEM certificates trusted for the APNs server besides Node's
     * root CAs, never instead of them (a local fake in tests, a private relay).
     */
    readonly ca: SecretSource;
    /**
     * Whether the pass type certificate (APPLE_PASS_CERT / APPLE_PASS_KEY) authenticates pushes when no
     * APNs key is configured: always in production; elsewhere only when `APNS_URL` is set, because a
     * development or test pass certificate (`wallet:dev-certs`, a test CA) is not Apple's, and sending it
     * to Apple's default host would fail on every run of the push job and reach out of the machine.
     */
    readonly passCertificateAuth: boolean;
  };
  /**
   * Where `wallet:dev-certs` writes, and where unset variables are looked up (`WALLET_DEV_DIR`; default
   * `.data/wallet-dev` beside the embedded database); undefined in production.
   */
  readonly devDir: string | undefined;
}

type Source = Readonly<Record<string, string | undefined>>;

function secret(source: Source, name: string): SecretSource {
  return {
    inline: source[name] || undefined,
    file: source[`${name}_FILE`] ? resolve(source[`${name}_FILE`]!) : undefined,
  };
}

/** The directory `wallet:dev-certs` writes to: `wallet-dev/` beside the embedded database's directory. */
export function walletDevDir(dataDir: string): string {
  const base = dataDir.startsWith('memory://') ? resolve('.data/pglite') : resolve(dataDir);
  return join(dirname(base), 'wallet-dev');
}

/** The wallet settings of `source`. `url` validates a URL variable the way env.ts does. */
export function walletSettings(
  source: Source,
  nodeEnv: 'development' | 'test' | 'production',
  dataDir: string,
  url: (name: string) => string | undefined,
): WalletSettings {
  const teamId = source.APPLE_TEAM_ID || undefined;
  return {
    apple: {
      passTypeId: source.APPLE_PASS_TYPE_ID || undefined,
      teamId,
      certificate: secret(source, 'APPLE_PASS_CERT'),
      privateKey: secret(source, 'APPLE_PASS_KEY'),
      privateKeyPassphrase: source.APPLE_PASS_KEY_PASSPHRASE || undefined,
      wwdrCertificate: secret(source, 'APPLE_WWDR_CERT'),
    },
    google: {
      issuerId: source.GOOGLE_WALLET_ISSUER_ID || undefined,
      serviceAccount: secret(source, 'GOOGLE_WALLET_SERVICE_ACCOUNT'),
      apiUrl: url('GOOGLE_WALLET_API_URL') ?? 'https://walletobjects.googleapis.com/walletobjects/v1',
      tokenUrl: url('GOOGLE_OAUTH_TOKEN_URL') ?? 'https://oauth2.googleapis.com/token',
    },
    apns: {
      key: secret(source, 'APNS_KEY'),
      keyId: source.APNS_KEY_ID || undefined,
      teamId: source.APNS_TEAM_ID || teamId,
      url: url('APNS_URL') ?? 'https://api.push.apple.com',
      ca: secret(source, 'APNS_CA'),
      passCertificateAuth: nodeEnv === 'production' || url('APNS_URL') !== undefined,
    },
    devDir:
      nodeEnv === 'production'
        ? undefined
        : source.WALLET_DEV_DIR
          ? resolve(source.WALLET_DEV_DIR)
          : walletDevDir(dataDir),
  };
}
