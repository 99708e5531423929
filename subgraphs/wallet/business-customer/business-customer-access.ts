/**
 * Who may see a customer record outside the root operations (a federation reference, e.g. an order's
 * customer): the operator, or a business token of the record's business with store.customers.read.
 * Anyone else gets null, so a reference reveals nothing about records the caller may not see.
 */
import type { Principal } from '../../kernel/auth/principal.js';
import type { BusinessCustomer } from './business-customer.entity.js';

/** Whether `principal` may read `record`. */
export function mayReadBusinessCustomer(principal: Principal, record: BusinessCustomer): boolean {
  if (principal.kind === 'operator') return true;
  return (
    principal.kind === 'business' &&
    principal.businessAccountId === record.businessAccountId &&
    principal.scopes.has('store.customers.read')
  );
}
