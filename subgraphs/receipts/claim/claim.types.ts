import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { Terminal } from '../terminal/terminal.entity.js';
import { Transaction } from '../transaction/transaction.entity.js';

/** Where a consumer claimed a receipt from (line, ios, android, email, web). */
export enum ClaimChannel {
  line = 'line',
  ios = 'ios',
  android = 'android',
  email = 'email',
  web = 'web',
}
registerEnumType(ClaimChannel, { name: 'ClaimChannel', description: 'Where a receipt was claimed from.' });

/** The channels, as the facade validates them. */
export const CLAIM_CHANNELS: readonly string[] = Object.values(ClaimChannel);

@ObjectType('RecordedTransaction', { description: 'A recorded sale and its transaction-QR token.' })
export class RecordedTransaction {
  @Field(() => Transaction, { description: 'The sale.' })
  transaction!: Transaction;

  @Field(() => String, {
    description: 'The transaction-QR token (43 characters of base64url). Shown only here: only its SHA-256 is kept.',
  })
  transactionQrToken!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the transaction-QR token expires (30 days).' })
  transactionQrTokenExpiresAt!: Date;
}

@ObjectType('LastReceipt', { description: "A terminal's latest receipt and a token to claim it." })
export class LastReceipt {
  @Field(() => Transaction, { description: 'The latest transaction of the terminal.' })
  receipt!: Transaction;

  @Field(() => String, { description: 'Signed claim token bound to this terminal and transaction.' })
  claimToken!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the claim token expires: 10 minutes after the sale.' })
  claimTokenExpiresAt!: Date;

  @Field(() => Terminal, { description: 'The terminal.' })
  terminal!: Terminal;
}

@ObjectType('TransactionQrReceipt', { description: 'The receipt a transaction-QR token stands for.' })
export class TransactionQrReceipt {
  @Field(() => Transaction, { description: 'The transaction.' })
  receipt!: Transaction;

  @Field(() => GraphQLDateTimeISO, { description: 'When the token expires.' })
  expiresAt!: Date;
}
