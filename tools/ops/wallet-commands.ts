/**
 * `npm run ops -- wallet:dev-certs`: writes local wallet signing material to the wallet dev directory
 * (env-wallet.ts `devDir`, `.data/wallet-dev/`), where the service looks when the APPLE_* and
 * GOOGLE_WALLET_* variables are unset: a test CA in the WWDR slot, a pass certificate it signed, its
 * key, apple.json {passTypeId, teamId} and a Google service-account key. Never in production.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadEnv } from '../../subgraphs/kernel/env.js';
import { APPLE_DEV_FILES } from '../../subgraphs/wallet/apple/apple-material.js';
import { createDevAppleMaterial, createDevGoogleServiceAccount } from '../../subgraphs/wallet/apple/dev-material.js';
import { CommandFailure, on, text, type LocalCommand } from './command.js';

/** The Google part reads its dev service-account key under this name. */
export const GOOGLE_DEV_FILE = 'google-service-account.json';

export interface DevCertsOptions {
  readonly nodeEnv: 'development' | 'test' | 'production';
  /** Where to write; undefined (production) refuses. */
  readonly directory: string | undefined;
  readonly force: boolean;
}

/** Writes the dev material (mode 0600); refuses in production and, without `force`, over existing files. */
export function writeWalletDevCerts(options: DevCertsOptions): Record<string, unknown> {
  if (options.nodeEnv === 'production' || !options.directory)
    throw new CommandFailure(400, 'production_refused', 'wallet:dev-certs writes test material; not in production.');
  const directory = options.directory;
  const names = [
    APPLE_DEV_FILES.certificate,
    APPLE_DEV_FILES.privateKey,
    APPLE_DEV_FILES.wwdrCertificate,
    APPLE_DEV_FILES.identifiers,
    GOOGLE_DEV_FILE,
  ];
  const present = names.filter((name) => existsSync(join(directory, name)));
  if (present.length > 0 && !options.force)
    throw new CommandFailure(
      409,
      'already_exists',
      `${directory} already holds ${present.join(', ')}; pass --force to replace them.`,
    );
  const apple = createDevAppleMaterial();
  const contents: Record<string, string> = {
    [APPLE_DEV_FILES.certificate]: apple.passCertificate,
    [APPLE_DEV_FILES.privateKey]: apple.passKey,
    [APPLE_DEV_FILES.wwdrCertificate]: apple.caCertificate,
    [APPLE_DEV_FILES.identifiers]: `${JSON.stringify({ passTypeId: apple.passTypeId, teamId: apple.teamId }, null, 2)}\n`,
    [GOOGLE_DEV_FILE]: `${JSON.stringify(createDevGoogleServiceAccount(), null, 2)}\n`,
  };
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  for (const name of names) writeFileSync(join(directory, name), contents[name]!, { mode: 0o600 });
  return { directory, passTypeId: apple.passTypeId, files: names };
}

export const WALLET_DEV_CERTS: LocalCommand = {
  name: 'wallet:dev-certs',
  summary:
    'Write local wallet signing material (a test CA, a pass certificate, a Google service-account key) to .data/wallet-dev/; not in production.',
  flags: { force: { boolean: true }, dir: { value: 'DIR' } },
  run: (flags) => {
    const env = loadEnv();
    const dir = text(flags, 'dir');
    const directory = env.nodeEnv === 'production' ? undefined : dir ? resolve(dir) : env.wallet.devDir;
    return Promise.resolve(writeWalletDevCerts({ nodeEnv: env.nodeEnv, directory, force: on(flags, 'force') }));
  },
};

export const WALLET_LOCAL_COMMANDS: readonly LocalCommand[] = [WALLET_DEV_CERTS];
