import { registerEnumType } from 'type-graphql';
import { connectionType } from '../../kernel/connection.js';
import { BusinessCustomer } from './business-customer.entity.js';

/** A consent flag of a customer record, as a list filter names it. */
export enum CustomerConsent {
  marketingEmail = 'marketingEmail',
  marketingPush = 'marketingPush',
  dataSharing = 'dataSharing',
}
registerEnumType(CustomerConsent, {
  name: 'CustomerConsent',
  description: 'A consent flag: marketingEmail, marketingPush or dataSharing.',
});

/** The column of each consent flag. */
export const CONSENT_COLUMNS: Readonly<Record<CustomerConsent, string>> = {
  marketingEmail: 'marketing_email',
  marketingPush: 'marketing_push',
  dataSharing: 'data_sharing',
};

export const BusinessCustomerConnection = connectionType(
  'BusinessCustomer',
  BusinessCustomer,
  "A page of the business's customer records, newest first.",
);
export type BusinessCustomerConnection = InstanceType<typeof BusinessCustomerConnection>;
