/**
 * Plausible values for the positions a case does not attack, by field name, so a hostile value
 * gets as far into the operation as it can (a NUL in a store name only reaches the INSERT when the
 * business id next to it exists). Passwords are never the fuzz user's real one: no baseline call may
 * change a password or delete the account whose token the run uses.
 */

/** What the run learns at start: real ids to aim at. */
export interface FuzzTargets {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  readonly storeId: string;
  readonly businessAccountId: string;
  readonly storeType: string;
}

const WRONG_PASSWORD = 'not the right password, fuzz 42';

/** `client_id`, `clientId` -> `clientid`. */
const normalize = (name: string): string => name.replace(/[_-]/g, '').toLowerCase();

function dictionary(t: FuzzTargets): Readonly<Record<string, unknown>> {
  return {
    email: 'fuzz.person@example.test',
    owneremail: 'fuzz.owner@example.test',
    password: WRONG_PASSWORD,
    currentpassword: WRONG_PASSWORD,
    newpassword: 'a new password for the fuzz run 7',
    displayname: 'Fuzz テスト',
    name: 'Fuzz テスト',
    clientid: t.clientId,
    clientsecret: t.clientSecret,
    redirecturi: t.redirectUri,
    redirecturis: [t.redirectUri],
    scope: 'user.profile.read',
    scopes: ['user.profile.read'],
    responsetype: 'code',
    codechallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    codechallengemethod: 'S256',
    codeverifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    state: 'fuzz-state',
    granttype: 'authorization_code',
    code: 'fuzz-code',
    storeid: t.storeId,
    businessaccountid: t.businessAccountId,
    prefecture: '13',
    storetype: t.storeType,
    q: 'さくら',
    page: 1,
    pagesize: 5,
    deviceid: 'fuzz-device',
    platform: 'ios',
    confirm: true,
    firstparty: true,
    publicterminalid: 'fuzz-terminal',
    decision: 'approve',
    csrftoken: 'x'.repeat(43),
    weekday: 1,
    opens: '09:00',
    closes: '18:00',
    intervals: [{ opens: '09:00', closes: '18:00' }],
    date: '2026-12-31',
    closed: false,
    timezone: 'Asia/Tokyo',
    specialdaysahead: 30,
  };
}

/** Scalar placeholders for a required position the dictionary does not know. */
const PLACEHOLDERS: Readonly<Record<string, unknown>> = {
  string: 'x',
  ID: '01900000-0000-7000-8000-000000000000',
  integer: 1,
  number: 1,
  boolean: true,
};

/** Baseline values by field name. */
export class BaselineValues {
  private readonly known: Readonly<Record<string, unknown>>;

  constructor(targets: FuzzTargets) {
    this.known = dictionary(targets);
  }

  /** The value for `name`: the dictionary's, else a placeholder of `scalar` when `required`, else undefined (omit). */
  valueFor(name: string, scalar: string, required: boolean): unknown {
    const known = this.known[normalize(name)];
    if (known !== undefined) return known;
    return required ? (PLACEHOLDERS[scalar] ?? 'x') : undefined;
  }
}
