import { decryptSecret, encryptSecret, resolveSecretsKey } from '../../kernel/auth/secrets-key.js';
import type { GrantPrincipal } from '../../kernel/auth/principal.js';
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid, uuidv7 } from '../../kernel/db/uuid.js';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, Validation } from '../../kernel/errors.js';
import { EVENT_TYPE_NAMES, isEventType } from '../../kernel/events/catalogue.js';
import { appGrantOf, checkEventScopes, hasLiveAppGrant } from './webhook-endpoint-scopes.js';
import { WebhookAttempt, WebhookAttemptTrigger } from '../webhook-delivery/webhook-attempt.entity.js';
import { WebhookDeliveryStatus } from '../webhook-delivery/webhook-delivery.entity.js';
import type { RegisterWebhookEndpointInput } from './webhook-endpoint.input.js';
import { WebhookEndpoint, WebhookEndpointStatus } from './webhook-endpoint.entity.js';
import type {
  WebhookAttemptConnection,
  WebhookAttemptView,
  WebhookDeliveryView,
  WebhookTestResult,
} from './webhook-endpoint.types.js';
import { secretProblem } from './webhook-secret.js';
import { sendTestWebhook, webhookUrlProblem } from './webhook-sender.js';

/** Endpoints a business account may have (a 21st registration is CONFLICT webhook_endpoint_limit_reached). */
export const WEBHOOK_ENDPOINT_LIMIT = 20;
/** A rotation's overlap window: default 24 hours, at most 7 days. */
export const DEFAULT_OVERLAP_SECONDS = 24 * 3600;
export const MAX_OVERLAP_SECONDS = 7 * 24 * 3600;
/** Attempts per page: default 20, clamped to 100. */
export const ATTEMPTS_DEFAULT_PAGE = 20;
export const ATTEMPTS_MAX_PAGE = 100;
/** At most this many endpoints in the operator's list of every business's endpoints. */
const OPERATOR_LIST_CAP = 200;

const endpointNotFound = () =>
  new NotFoundError('No webhook endpoint of this business has this id.', 'webhook_endpoint_not_found');

/** Who manages: a business (its own endpoints only) or the operator (null: any). */
interface Manager {
  readonly businessAccountId: string | null;
}

/** The cursor of an attempt: its time and id, so the order (attemptedAt desc, id desc) resumes exactly. */
function cursorOf(attempt: { attemptedAt: Date; id: string }): string {
  return Buffer.from(`${attempt.attemptedAt.toISOString()}|${attempt.id}`, 'utf8').toString('base64url');
}

function parseCursor(cursor: string): { attemptedAt: Date; id: string } | null {
  const [time, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !time || !id || !isUuid(id)) return null;
  const attemptedAt = new Date(time);
  if (Number.isNaN(attemptedAt.getTime()) || attemptedAt.toISOString() !== time) return null;
  return { attemptedAt, id };
}

const attemptView = (a: WebhookAttempt): WebhookAttemptView => ({
  id: a.id,
  endpointId: a.endpointId,
  deliveryId: a.deliveryId ?? null,
  eventId: a.eventId,
  eventType: a.eventType,
  attempt: a.attempt,
  trigger: a.trigger,
  attemptedAt: a.attemptedAt,
  responseStatus: a.responseStatus ?? null,
  latencyMs: a.latencyMs,
  responseExcerpt: a.responseExcerpt ?? null,
  error: a.error ?? null,
});

/**
 * Outbound webhook endpoints of a business account: registration,
 * reads, deletion (its deliveries and attempts go with it), test calls, secret rotation with an
 * overlap window, re-enabling, the attempt log and re-sending an event. A business token acts on its
 * own endpoints only (another business's id is not found); the operator acts on any. The signing
 * secret is stored encrypted (SECRETS_KEY) and never returned.
 */
export class WebhookEndpointService {
  constructor(private readonly ctx: BaseContext) {}

  /** Endpoints by id, in no particular order; malformed ids match nothing. */
  findByIds(ids: readonly string[]): Promise<WebhookEndpoint[]> {
    return this.ctx.em.find(WebhookEndpoint, { id: { $in: ids.filter(isUuid) } });
  }

  /** A business token (its account) or the operator; any other caller is refused (the access rule says so too). */
  private manager(): Manager {
    const principal = this.ctx.principal;
    if (principal.kind === 'operator') return { businessAccountId: null };
    if (principal.kind === 'business') return { businessAccountId: principal.businessAccountId };
    if (principal.kind === 'anonymous') throw new UnauthenticatedError();
    throw new ForbiddenError('This operation needs a business token.', 'business_token_required');
  }

  /** The caller's business token; the operator is refused (an endpoint must belong to a business). */
  private businessToken(): GrantPrincipal & { kind: 'business' } {
    const principal = this.ctx.principal;
    this.manager();
    if (principal.kind !== 'business')
      throw new ForbiddenError('Webhook endpoints are registered with a business token.', 'business_token_required');
    return principal;
  }

  private async owned(id: string, { businessAccountId }: Manager, em: EntityManager = this.ctx.em) {
    const endpoint = isUuid(id)
      ? await em.findOne(WebhookEndpoint, { id, ...(businessAccountId ? { businessAccountId } : {}) })
      : null;
    if (!endpoint) throw endpointNotFound();
    return endpoint;
  }

  /** The caller's endpoints, newest first (the operator: one business's, or the newest 200 of all). */
  list(businessAccountId: string | null | undefined): Promise<WebhookEndpoint[]> {
    const manager = this.manager();
    const only = manager.businessAccountId ?? businessAccountId ?? null;
    if (manager.businessAccountId && businessAccountId && businessAccountId !== manager.businessAccountId)
      return Promise.resolve([]);
    if (only !== null && !isUuid(only)) return Promise.resolve([]);
    return this.ctx.em.find(WebhookEndpoint, only ? { businessAccountId: only } : {}, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: only ? WEBHOOK_ENDPOINT_LIMIT * 5 : OPERATOR_LIST_CAP,
    });
  }

  get(id: string): Promise<WebhookEndpoint> {
    return this.owned(id, this.manager());
  }

  /**
   * Registers an endpoint of the caller's business, tied to the caller's app; validation errors name
   * every bad field, types whose scope the token lacks are FORBIDDEN insufficient_scope; either stores
   * nothing.
   */
  async register(input: RegisterWebhookEndpointInput): Promise<WebhookEndpoint> {
    const principal = this.businessToken();
    const { businessAccountId } = principal;
    const v = new Validation();
    const urlProblem = webhookUrlProblem(input.url, this.ctx.env.events.allowPrivateReceivers);
    if (urlProblem) v.add('url', urlProblem);
    const events = checkEvents(v, input.events);
    const problem = secretProblem(input.secret);
    if (problem) v.add('secret', problem);
    v.throwIfInvalid();
    checkEventScopes(events, principal.scopes);
    const oauthClientId = await appGrantOf(this.ctx.em, principal.grantId);
    const ciphertext = encryptSecret(resolveSecretsKey(this.ctx.env), input.secret);
    return this.ctx.em.fork().transactional(async (em) => {
      // One registration at a time per business, so two racing ones cannot pass the limit together.
      await em.execute('select "id" from "business_account" where "id" = ? for update', [businessAccountId]);
      const count = await em.count(WebhookEndpoint, { businessAccountId });
      if (count >= WEBHOOK_ENDPOINT_LIMIT)
        throw new ConflictError(
          `A business account may have at most ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints; delete one first.`,
          'webhook_endpoint_limit_reached',
        );
      const endpoint = em.create(WebhookEndpoint, {
        businessAccountId,
        url: input.url,
        events,
        oauthClientId,
        status: WebhookEndpointStatus.Active,
        secretCiphertext: ciphertext,
      });
      await em.flush();
      return endpoint;
    });
  }

  /** Deletes an endpoint; its pending deliveries and its attempts go with it (foreign keys cascade). */
  async delete(id: string): Promise<boolean> {
    const endpoint = await this.owned(id, this.manager());
    await this.ctx.em.nativeDelete(WebhookEndpoint, { id: endpoint.id });
    return true;
  }

  /**
   * Sends a `webhook.test` event now (not through the outbox: no other endpoint or subscriber gets it),
   * signed like any delivery, and records the attempt (trigger test). Disabled endpoints may be tested.
   */
  async test(id: string): Promise<WebhookTestResult> {
    const endpoint = await this.owned(id, this.manager());
    const eventId = uuidv7();
    const attemptedAt = new Date();
    const body = JSON.stringify({
      id: eventId,
      type: 'webhook.test',
      occurredAt: attemptedAt.toISOString(),
      businessAccountId: endpoint.businessAccountId,
      data: { endpointId: endpoint.id, message: 'A test event sent on request.' },
    });
    const result = await sendTestWebhook({
      url: endpoint.url,
      id: eventId,
      timestamp: attemptedAt,
      body,
      secrets: await this.signingSecrets(endpoint, attemptedAt),
      timeoutMs: this.ctx.env.events.webhookTimeoutMs,
      allowPrivate: this.ctx.env.events.allowPrivateReceivers,
    });
    const em = this.ctx.em.fork();
    em.create(WebhookAttempt, {
      endpointId: endpoint.id,
      deliveryId: null,
      eventId,
      eventType: 'webhook.test',
      attempt: 1,
      trigger: WebhookAttemptTrigger.Test,
      attemptedAt,
      responseStatus: result.status,
      latencyMs: Math.max(0, Math.round(result.latencyMs)),
      responseExcerpt: result.excerpt?.slice(0, 1024) ?? null,
      error: result.error,
    });
    try {
      await em.flush();
    } catch (error) {
      // The endpoint was deleted while the call ran: the answer stands, there is nothing to record it on.
      if (!(await em.fork().findOne(WebhookEndpoint, { id: endpoint.id }))) return testResult();
      throw error;
    }
    return testResult();

    function testResult(): WebhookTestResult {
      return {
        ok: result.status !== null && result.status >= 200 && result.status < 300,
        status: result.status,
        latencyMs: Math.max(0, Math.round(result.latencyMs)),
        error: result.error,
        responseExcerpt: result.excerpt,
        eventId,
        attemptedAt,
      };
    }
  }

  /** The secrets that sign now: the current one, and the previous one while its overlap lasts. */
  private async signingSecrets(endpoint: WebhookEndpoint, now: Date): Promise<string[]> {
    const [row] = await this.ctx.em.execute<{ current: string; previous: string | null; until: Date | null }[]>(
      `select "secret_ciphertext" as "current", "previous_secret_ciphertext" as "previous",
              "previous_secret_expires_at" as "until"
       from "webhook_endpoint" where "id" = ?`,
      [endpoint.id],
    );
    if (!row) throw endpointNotFound();
    const key = resolveSecretsKey(this.ctx.env);
    const secrets = [decryptSecret(key, row.current)];
    if (row.previous && row.until && new Date(row.until).getTime() > now.getTime())
      secrets.push(decryptSecret(key, row.previous));
    return secrets;
  }

  /**
   * Replaces the signing secret; the old one keeps signing beside it for `overlapSeconds` (default 24
   * hours, at most 7 days, 0 for none), so receivers can switch without losing a delivery. A second
   * rotation within the window drops the older previous secret.
   */
  async rotateSecret(id: string, secret: string, overlapSeconds: number | null | undefined): Promise<WebhookEndpoint> {
    const manager = this.manager();
    const v = new Validation();
    const problem = secretProblem(secret);
    if (problem) v.add('secret', problem);
    const overlap = overlapSeconds ?? DEFAULT_OVERLAP_SECONDS;
    v.check(
      Number.isInteger(overlap) && overlap >= 0 && overlap <= MAX_OVERLAP_SECONDS,
      'overlapSeconds',
      `must be 0 to ${MAX_OVERLAP_SECONDS} (7 days)`,
    );
    const endpoint = await this.owned(id, manager);
    v.throwIfInvalid();
    const key = resolveSecretsKey(this.ctx.env);
    const [row] = await this.ctx.em.execute<{ current: string }[]>(
      'select "secret_ciphertext" as "current" from "webhook_endpoint" where "id" = ?',
      [endpoint.id],
    );
    if (!row) throw endpointNotFound();
    const expires = overlap > 0 ? new Date(Date.now() + overlap * 1000) : null;
    this.ctx.em.assign(endpoint, {
      secretCiphertext: encryptSecret(key, secret),
      previousSecretCiphertext: expires ? row.current : null,
      previousSecretExpiresAt: expires,
    });
    await this.ctx.em.flush();
    return endpoint;
  }

  /**
   * A disabled endpoint back to active (its failure record cleared); any other endpoint stays as it is.
   * An endpoint whose app has no live grant for the business left stays disabled (CONFLICT).
   */
  async enable(id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.owned(id, this.manager());
    if (endpoint.status === (WebhookEndpointStatus.Disabled as string)) {
      if (endpoint.oauthClientId && !(await hasLiveAppGrant(this.ctx.em, endpoint)))
        throw new ConflictError(
          'The app that registered this endpoint no longer has access to the business; register a new endpoint.',
          'webhook_app_access_ended',
        );
      this.ctx.em.assign(endpoint, {
        status: WebhookEndpointStatus.Active,
        disabledAt: null,
        disabledReason: null,
        failingSince: null,
      });
      await this.ctx.em.flush();
    }
    return endpoint;
  }

  /**
   * Attempts, newest first: of one endpoint, or of every endpoint of a business (the caller's; the
   * operator names one). `first` defaults to 20 and is clamped to 100; below 1 is BAD_USER_INPUT.
   */
  async attempts(args: {
    endpointId?: string | null;
    businessAccountId?: string | null;
    first?: number | null;
    after?: string | null;
  }): Promise<WebhookAttemptConnection> {
    const manager = this.manager();
    const v = new Validation();
    const first = Math.min(args.first ?? ATTEMPTS_DEFAULT_PAGE, ATTEMPTS_MAX_PAGE);
    v.check(first >= 1, 'first', 'must be 1 or more');
    const after = args.after ? parseCursor(args.after) : null;
    v.check(!args.after || after !== null, 'after', 'is not a cursor of this list');
    if (!args.endpointId && !args.businessAccountId && manager.businessAccountId === null)
      v.add('businessAccountId', 'the operator names a business account or an endpoint');
    v.throwIfInvalid();

    const filter: Record<string, unknown> = {};
    if (args.endpointId) {
      const endpoint = await this.owned(args.endpointId, manager);
      if (args.businessAccountId && args.businessAccountId !== endpoint.businessAccountId) throw endpointNotFound();
      filter.endpointId = endpoint.id;
    } else {
      const business = manager.businessAccountId ?? args.businessAccountId!;
      if (
        (manager.businessAccountId && args.businessAccountId && args.businessAccountId !== business) ||
        !isUuid(business)
      )
        return connection([], false);
      const endpoints = await this.ctx.em.find(WebhookEndpoint, { businessAccountId: business }, { fields: ['id'] });
      filter.endpointId = { $in: endpoints.map((e) => e.id) };
    }
    if (after) {
      filter.$or = [
        { attemptedAt: { $lt: after.attemptedAt } },
        { attemptedAt: after.attemptedAt, id: { $lt: after.id } },
      ];
    }
    const rows = await this.ctx.em.find(WebhookAttempt, filter, {
      orderBy: { attemptedAt: 'desc', id: 'desc' },
      limit: first + 1,
    });
    return connection(rows.slice(0, first), rows.length > first);

    function connection(page: WebhookAttempt[], hasNextPage: boolean): WebhookAttemptConnection {
      const nodes = page.map(attemptView);
      const edges = nodes.map((node) => ({ cursor: cursorOf(node), node }));
      return { edges, nodes, pageInfo: { hasNextPage, endCursor: edges.at(-1)?.cursor ?? null } };
    }
  }

  /**
   * Delivers an event to an endpoint again: its delivery (created if there was none) becomes pending,
   * due now, with a fresh retry schedule. The event must be of the endpoint's business and still kept
   * (EVENT_RETENTION_DAYS); a disabled endpoint must be enabled first. A lease is released: an attempt
   * in flight still completes and is logged, but its result no longer settles the delivery, which
   * goes out again as the manual attempt asked for.
   */
  async resend(endpointId: string, eventId: string): Promise<WebhookDeliveryView> {
    const endpoint = await this.owned(endpointId, this.manager());
    const eventNotFound = () =>
      new NotFoundError('No event of this business with this id is kept.', 'webhook_event_not_found');
    if (!isUuid(eventId)) throw eventNotFound();
    const [event] = await this.ctx.em.execute<{ id: string }[]>(
      'select "id" from "outbox_event" where "id" = ? and "business_account_id" = ?',
      [eventId, endpoint.businessAccountId],
    );
    if (!event) throw eventNotFound();
    if (endpoint.status === (WebhookEndpointStatus.Disabled as string))
      throw new ConflictError('The endpoint is disabled; enable it first.', 'webhook_endpoint_disabled');
    const [row] = await this.ctx.em.execute<
      { id: string; event_id: string; endpoint_id: string; status: string; attempts: number; next_attempt_at: Date }[]
    >(
      `insert into "webhook_delivery"
         ("id", "created_at", "updated_at", "event_id", "endpoint_id", "status", "attempts", "next_attempt_at",
          "next_trigger")
       values (?, now(), now(), ?, ?, ?, 0, now(), ?)
       on conflict ("endpoint_id", "event_id") do update
         set "status" = excluded."status", "attempts" = 0, "next_attempt_at" = now(), "updated_at" = now(),
           "next_trigger" = excluded."next_trigger", "lease_until" = null
       returning "id", "event_id", "endpoint_id", "status", "attempts", "next_attempt_at"`,
      [uuidv7(), eventId, endpoint.id, WebhookDeliveryStatus.Pending, WebhookAttemptTrigger.Manual],
    );
    return {
      id: row!.id,
      eventId: row!.event_id,
      endpointId: row!.endpoint_id,
      status: row!.status,
      attempts: Number(row!.attempts),
      nextAttemptAt: new Date(row!.next_attempt_at),
    };
  }
}

/** The event types, each once, all of the catalogue; an empty list or unknown types are field errors. */
function checkEvents(v: Validation, events: readonly string[]): string[] {
  if (events.length === 0) {
    v.add('events', 'must name at least one event type');
    return [];
  }
  const unknown = events.filter((e) => !isEventType(e));
  if (unknown.length > 0) {
    v.add('events', `unknown event types: ${[...new Set(unknown)].join(', ')} (known: ${EVENT_TYPE_NAMES.join(', ')})`);
  }
  return [...new Set(events)];
}
