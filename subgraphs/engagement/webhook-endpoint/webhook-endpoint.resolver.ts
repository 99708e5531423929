import { FieldResolver, Resolver, Root } from 'type-graphql';
import { BusinessAccountRef } from '../references.types.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';

@Resolver(() => WebhookEndpoint)
export class WebhookEndpointResolver {
  @FieldResolver(() => BusinessAccountRef, { description: 'The business account that owns the endpoint.' })
  business(@Root() endpoint: WebhookEndpoint): BusinessAccountRef {
    return { id: endpoint.businessAccountId };
  }
}
