/**
 * Who may touch reservations, operation by operation, with real partner-app business tokens: another
 * business gets NOT_FOUND for every record it does not own (nothing revealed, nothing changed), a
 * token without store.reservations.read is FORBIDDEN on reads, and a read-only token on writes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import {
  at,
  createReservation,
  createResource,
  localDate,
  openEveryDay,
  RESERVATION_SCOPES,
} from '../../../test/fixtures/reservations.fixtures.js';
import { businessOwner, failure, sql } from '../../../test/fixtures/stores.fixtures.js';
import { type TestService } from '../../../test/harness.js';

let service: TestService;
let tokens: { owner: string; reader: string; noScope: string; other: string };
let ids: { store: string; resource: string; reservation: string; otherResource: string };

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, [...RESERVATION_SCOPES, 'store.products.read']);
  const [owner, other] = [await businessOwner(service, app), await businessOwner(service, app)];
  tokens = {
    owner: await owner.token(RESERVATION_SCOPES),
    reader: await owner.token(['store.reservations.read']),
    noScope: await owner.token(['store.products.read']),
    other: await other.token(RESERVATION_SCOPES),
  };
  const store = await createStore(service, owner.businessAccountId);
  const otherStore = await createStore(service, other.businessAccountId);
  await openEveryDay(service, store, [{ opens: '10:00', closes: '20:00' }]);
  const resource = await createResource(service, tokens.owner, { storeId: store });
  const otherResource = await createResource(service, tokens.other, { storeId: otherStore });
  const reservation = await createReservation(service, tokens.owner, {
    resourceId: resource.id,
    startsAt: at(localDate(2), '12:00'),
  });
  ids = { store, resource: resource.id, reservation: reservation.id, otherResource: otherResource.id };
});

/** Every operation, called on the owner's records. */
const operations = () => {
  const date = localDate(2);
  return {
    reads: [
      ['reservationResources', '{ reservationResources(storeId: $store) { nodes { id } } }', 'store_not_found'],
      [
        'reservationSlots',
        `{ reservationSlots(resourceId: $resource, date: "${date}") { free } }`,
        'resource_not_found',
      ],
      ['reservations', '{ reservations(resourceId: $resource) { nodes { id } } }', 'resource_not_found'],
      ['reservations', '{ reservations(storeId: $store) { nodes { id } } }', 'store_not_found'],
      ['reservation', '{ reservation(id: $reservation) { id } }', 'reservation_not_found'],
    ],
    writes: [
      [
        'createReservationResource',
        '{ createReservationResource(input: { storeId: $store, name: "x", kind: seat, capacity: 1, slotMinutes: 30 }) { id } }',
        'store_not_found',
      ],
      [
        'updateReservationResource',
        '{ updateReservationResource(input: { id: $resource, active: false }) { id } }',
        'resource_not_found',
      ],
      [
        'createReservation',
        `{ createReservation(input: { resourceId: $resource, startsAt: "${at(date, '15:00')}", partySize: 1, guestName: "x" }) { id } }`,
        'resource_not_found',
      ],
      [
        'changeReservation',
        '{ changeReservation(input: { id: $reservation, partySize: 1 }) { id } }',
        'reservation_not_found',
      ],
      ['cancelReservation', '{ cancelReservation(id: $reservation) { id } }', 'reservation_not_found'],
      [
        'setReservationStatus',
        '{ setReservationStatus(id: $reservation, status: confirmed) { id } }',
        'reservation_not_found',
      ],
    ],
  } as const;
};

const VARIABLES = '($store: ID!, $resource: ID!, $reservation: ID!)';
const call = (kind: 'query' | 'mutation', body: string, token: string) => {
  const used = (name: string) => body.includes(`$${name}`);
  const declared = VARIABLES.slice(1, -1)
    .split(', ')
    .filter((d) => used(d.slice(1, d.indexOf(':'))))
    .join(', ');
  const variables = Object.fromEntries(Object.entries(ids).filter(([name]) => used(name)));
  return service.graphql(`${kind}${declared ? `(${declared})` : ''} ${body}`, variables, token);
};

describe('another business', () => {
  it('gets NOT_FOUND for every operation on records it does not own, and changes nothing', async () => {
    const before = await sql(service, 'select * from "reservation" where "id" = ?', [ids.reservation]);
    const { reads, writes } = operations();
    for (const [name, body, reason] of reads)
      expect(failure(await call('query', body, tokens.other)), name).toMatchObject({ code: 'NOT_FOUND', reason });
    for (const [name, body, reason] of writes)
      expect(failure(await call('mutation', body, tokens.other)), name).toMatchObject({ code: 'NOT_FOUND', reason });
    expect(await sql(service, 'select * from "reservation" where "id" = ?', [ids.reservation])).toEqual(before);
    expect(await sql(service, 'select 1 from "reservation_resource" where "store_id" = ?', [ids.store])).toHaveLength(
      1,
    );
  });

  it('cannot move a reservation onto its own resource, nor list the owner’s records', async () => {
    const moved = await service.graphql(
      'mutation($id: ID!, $r: ID!) { changeReservation(input: { id: $id, resourceId: $r }) { id } }',
      { id: ids.reservation, r: ids.otherResource },
      tokens.owner,
    );
    expect(failure(moved)).toMatchObject({ code: 'NOT_FOUND', reason: 'resource_not_found' });
    const list = await service.graphql<{ reservations: { nodes: { id: string }[] } }>(
      '{ reservations(first: 100) { nodes { id } } }',
      {},
      tokens.other,
    );
    expect(list.data!.reservations.nodes.map((n) => n.id)).not.toContain(ids.reservation);
  });
});

describe('scopes', () => {
  it('a token without store.reservations.read is FORBIDDEN on every read', async () => {
    for (const [name, body] of operations().reads)
      expect(failure(await call('query', body, tokens.noScope)), name).toMatchObject({
        code: 'FORBIDDEN',
        scope: 'store.reservations.read',
      });
  });

  it('a read-only token reads, but is FORBIDDEN on every write', async () => {
    for (const [name, body] of operations().reads)
      expect((await call('query', body, tokens.reader)).errors, name).toBeUndefined();
    for (const [name, body] of operations().writes)
      expect(failure(await call('mutation', body, tokens.reader)), name).toMatchObject({
        code: 'FORBIDDEN',
        scope: 'store.reservations.write',
      });
  });
});
