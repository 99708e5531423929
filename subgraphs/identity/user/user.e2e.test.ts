import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayFieldNames, resolveEntities } from '../../../test/entities.js';
import { startTestService, type TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { identitySubgraph } from '../index.js';
import { User } from './user.entity.js';

let service: TestService;
let registered: User;
let anonymous: User;
let deleted: User;

beforeAll(async () => {
  service = await startTestService({ demoData: false });
  const em = rootEntityManager(service.orm).fork();
  registered = em.create(User, {
    email: '  Hanako@Example.JP ',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    displayName: '花子',
  });
  anonymous = em.create(User, { isAnonymous: true });
  deleted = em.create(User, { email: 'gone@example.jp', deletedAt: new Date() });
  await em.flush();
});

describe('User', () => {
  it('exposes only id, displayName, isAnonymous and createdAt', async () => {
    expect((await gatewayFieldNames(service, 'User')).sort()).toEqual([
      'createdAt',
      'displayName',
      'id',
      'isAnonymous',
    ]);
  });

  it('resolves live accounts by reference; deleted and unknown ones resolve to null', async () => {
    const result = await resolveEntities(
      service,
      identitySubgraph,
      'User',
      [registered.id, anonymous.id, deleted.id, 'nope'],
      'id displayName isAnonymous createdAt',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!._entities).toEqual([
      { id: registered.id, displayName: '花子', isAnonymous: false, createdAt: registered.createdAt.toISOString() },
      { id: anonymous.id, displayName: null, isAnonymous: true, createdAt: anonymous.createdAt.toISOString() },
      null,
      null,
    ]);
  });

  it('stores the email trimmed and lower-cased, so uniqueness ignores case', async () => {
    const em = rootEntityManager(service.orm).fork();
    expect((await em.findOneOrFail(User, registered.id)).email).toBe('hanako@example.jp');
    em.create(User, { email: 'HANAKO@example.jp' });
    await expect(em.flush()).rejects.toBeInstanceOf(UniqueConstraintViolationException);
  });

  it('loads the password hash only when asked for', async () => {
    const em = rootEntityManager(service.orm).fork();
    expect((await em.findOneOrFail(User, registered.id)).passwordHash).toBeUndefined();
    const withHash = await rootEntityManager(service.orm)
      .fork()
      .findOneOrFail(User, registered.id, { populate: ['passwordHash'] });
    expect(withHash.passwordHash).toMatch(/^\$argon2id\$/);
  });
});
