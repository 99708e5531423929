/**
 * Apple's pass web service through the facade (responses checked against the OpenAPI document):
 * register a device (201, 200, 400, 401), list changed serials with passesUpdatedSince (200, 204), the
 * latest pass with Last-Modified and If-Modified-Since (200, 304, 401), unregister (200) and log.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLE_PASS_TYPE as PASS_TYPE,
  opensslVerifies,
  passJsonOf,
  pkpassMembers,
  pointsOf,
  problemOf,
  startAppleWalletWorld,
  type AppleWalletWorld,
} from '../../test/fixtures/apple-wallet.fixtures.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';

let world: AppleWalletWorld;
beforeAll(async () => {
  world = await startAppleWalletWorld();
});
afterAll(() => world.close());

const WS = '/api/v1/wallet/apple/v1';
const registration = (device: string, serial: string) => `${WS}/devices/${device}/registrations/${PASS_TYPE}/${serial}`;
const applePass = (token: string) => ({ authorization: `ApplePass ${token}` });

function register(device: string, serial: string, token: string, body: unknown = { pushToken: `apns-${device}` }) {
  return world.service.call(registration(device, serial), {
    method: 'POST',
    headers: { ...applePass(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A change of what the pass shows: one more point, passUpdatedAt at least 2 s later. */
async function bumpPass(customerId: string): Promise<void> {
  await rootEntityManager(world.service.orm)
    .fork()
    .execute(
      `update "customer" set "pass_updated_at" = greatest("pass_updated_at", now()) + interval '2 seconds', "points" = "points" + 1 where "id" = ?`,
      [customerId],
    );
}

async function tokenRows(device: string): Promise<number> {
  const rows = await rootEntityManager(world.service.orm)
    .fork()
    .execute<{ n: string | number }[]>(
      `select count(*) as "n" from "notification_token" where "channel" = 'apple-wallet' and "device_id" = ?`,
      [device],
    );
  return Number(rows[0]!.n);
}

describe('Apple Wallet web service', () => {
  it('registers a device (201, then 200), refuses a wrong token (401) and a missing pushToken (400)', async () => {
    const pass = await passJsonOf(world, world.hanako.token);
    const device = `device-${randomUUID()}`;
    expect((await register(device, pass.serialNumber, pass.authenticationToken)).status).toBe(201);
    const again = await register(device, pass.serialNumber, pass.authenticationToken, { pushToken: 'apns-new' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ created: false });
    expect(await tokenRows(device)).toBe(1);
    const wrong = await register(`other-${device}`, pass.serialNumber, `${pass.authenticationToken.slice(1)}A`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('ApplePass');
    expect(await problemOf(wrong)).toMatchObject({ code: 'invalid_pass_token' });
    expect((await register(`other-${device}`, 'no-such-serial', pass.authenticationToken)).status).toBe(401);
    const bad = await register(`other-${device}`, pass.serialNumber, pass.authenticationToken, {});
    expect(bad.status).toBe(400);
    expect(await tokenRows(`other-${device}`)).toBe(0);
  });

  it('lists the changed serials (200) with a tag, 204 when nothing changed since it, 200 again after a change', async () => {
    const pass = await passJsonOf(world, world.hanako.token);
    const device = `device-${randomUUID()}`;
    expect((await register(device, pass.serialNumber, pass.authenticationToken)).status).toBe(201);
    const list = (since?: string) =>
      world.service.call(
        `${WS}/devices/${device}/registrations/${PASS_TYPE}${since ? `?passesUpdatedSince=${since}` : ''}`,
      );
    const all = await list();
    expect(all.status).toBe(200);
    const body = (await all.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(body.serialNumbers).toEqual([pass.serialNumber]);
    expect(body.lastUpdated).toMatch(/^\d+$/);
    expect((await list(body.lastUpdated)).status).toBe(204);
    await bumpPass(world.customer);
    const changed = await list(body.lastUpdated);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { serialNumbers: string[] }).serialNumbers).toEqual([pass.serialNumber]);
    expect((await world.service.call(`${WS}/devices/unknown-device/registrations/${PASS_TYPE}`)).status).toBe(204);
  });

  it('answers the latest pass with Last-Modified, 304 to an If-Modified-Since not older, 200 after a change, 401 for a wrong token', async () => {
    const pass = await passJsonOf(world, world.hanako.token);
    const latest = (token: string, since?: string) =>
      world.service.call(`${WS}/passes/${PASS_TYPE}/${pass.serialNumber}`, {
        headers: { ...applePass(token), ...(since ? { 'if-modified-since': since } : {}) },
      });
    const first = await latest(pass.authenticationToken);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const lastModified = first.headers.get('last-modified')!;
    expect(new Date(lastModified).getTime()).not.toBeNaN();
    const members = await pkpassMembers(first);
    expect(opensslVerifies(world, members.get('manifest.json')!, members.get('signature')!)).toBe(true);
    const notModified = await latest(pass.authenticationToken, lastModified);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('last-modified')).toBe(lastModified);
    // If-None-Match, when sent, decides instead (RFC 9110 §13.2.2): a stale tag gets the pass.
    const withTag = await world.service.call(`${WS}/passes/${PASS_TYPE}/${pass.serialNumber}`, {
      headers: { ...applePass(pass.authenticationToken), 'if-modified-since': lastModified, 'if-none-match': '"old"' },
    });
    expect(withTag.status).toBe(200);
    await bumpPass(world.customer);
    const changed = await latest(pass.authenticationToken, lastModified);
    expect(changed.status).toBe(200);
    const points = JSON.parse((await pkpassMembers(changed)).get('pass.json')!.toString()) as {
      storeCard: { headerFields: { value: number }[] };
    };
    expect(points.storeCard.headerFields[0]!.value).toBe(await pointsOf(world.service, world.customer));
    const wrong = await latest('x'.repeat(43));
    expect(wrong.status).toBe(401);
    await problemOf(wrong);
  });

  it('unregisters a device (200, its token row gone) and takes log lines (200)', async () => {
    const pass = await passJsonOf(world, world.hanako.token);
    const device = `device-${randomUUID()}`;
    expect((await register(device, pass.serialNumber, pass.authenticationToken)).status).toBe(201);
    const unregister = (token: string) =>
      world.service.call(registration(device, pass.serialNumber), { method: 'DELETE', headers: applePass(token) });
    expect((await unregister('wrong')).status).toBe(401);
    expect(await tokenRows(device)).toBe(1);
    const removed = await unregister(pass.authenticationToken);
    expect(removed.status).toBe(200);
    expect(await tokenRows(device)).toBe(0);
    const log = await world.service.rest('POST', `${WS}/log`, undefined, {
      logs: ['Wallet could not reach the service'],
    });
    expect(log).toMatchObject({ status: 200, body: { logged: true } });
    expect((await world.service.rest('POST', `${WS}/log`, undefined, { logs: [1] })).status).toBe(400);
  });
});
