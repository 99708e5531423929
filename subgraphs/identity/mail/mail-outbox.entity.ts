import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A mail that was not sent because no SMTP server is configured (development and test; migration
 * 0012). `GET /dev/outbox` lists them; production never writes here while verification is on.
 */
@Entity({ tableName: 'mail_outbox' })
export class MailOutboxMessage extends BaseEntity {
  @Property({ type: 'string', length: 320 })
  recipient!: string;

  @Property({ type: 'string', length: 500 })
  subject!: string;

  @Property({ type: 'text' })
  body!: string;
}
