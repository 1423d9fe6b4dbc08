import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAuth, type Auth } from './auth/auth';
import { resolveAuthSecret } from './auth/secret';
import { sessionResolver, type SessionRow } from './auth/session';
import { listeningSessionCache, type SessionCache } from './auth/session-cache';
import { SessionSockets } from './auth/session-sockets';
import type { Config } from './config';
import type { Database } from './db/database';
import { publicScope, registerRouteAccess } from './http/access';
import { limitConnectionsPerAddress } from './http/connection-limits';
import { registerErrorHandler } from './http/errors';
import { documentRoute, OPENAPI_COMPONENTS } from './http/openapi';
import { frameworkErrors, registerJsonParser, registerNulGuard } from './http/input-guards';
import { registerOriginCheck } from './http/origin-check';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { ApiKeyAuthenticator } from './modules/api-keys/authenticate';
import { registerApiKeyRoutes } from './modules/api-keys/routes';
import { registerOnboardingRoutes } from './modules/onboarding/routes';
import fastifyRateLimit from '@fastify/rate-limit';
import { registerBuyerRoutes } from './modules/buyers/routes';
import { registerBuyerImportRoutes } from './modules/buyers/import-routes';
import { registerBuyerSendRoutes } from './modules/buyers/sends-routes';
import { registerDealRoutes } from './modules/deals/routes';
import { registerAnalyticsRoutes } from './modules/analytics/routes';
import { registerSourceRoutes } from './modules/analytics/sources-routes';
import { registerSignalsAnalyticsRoutes } from './modules/analytics/signals-routes';
import { registerGrowthRoutes } from './modules/growth/routes';
import { registerDealRoomRoutes } from './modules/deal-rooms/routes';
import { registerPublicDealRoomRoutes } from './modules/deal-rooms/public-routes';
import { registerReferralRoutes } from './modules/referrals/routes';
import { registerAutomationRoutes } from './modules/automation/routes';
import { registerOrchestratorRoutes } from './modules/orchestrator/routes';
import { AutomationEngine } from './modules/automation/engine';
import { subscribeAutomationExits } from './modules/automation/exits-subscriber';
import { AutomationRules } from './modules/automation/rules/automation-rules';
import { registerRuleRoutes } from './modules/automation/rules/routes';
import { registerPublicReferralRoutes } from './modules/referrals/public-routes';
import { registerCompsRoutes } from './modules/comps/routes';
import { registerAccessRequestRoutes } from './modules/access-requests/routes';
import { registerEnrichmentRoutes } from './modules/enrichment/routes';
import { registerMapsRoutes } from './modules/maps/routes';
import { IntegrationChecks } from './modules/integrations/checks';
import { registerIntegrationRoutes } from './modules/integrations/routes';
import { recordIntegration } from './modules/integrations/status';
import { createEnrichmentProvider, type EnrichmentProvider } from './providers/enrichment';
import { registerLeadRoutes } from './modules/leads/routes';
import { registerActivityRoutes } from './modules/activity/routes';
import { startJobs, type JobQueue } from './jobs';
import { createFileStorage, type FileStorage } from './providers/storage';
import { registerLeadImportRoutes } from './modules/lead-import/routes';
import { registerDncRoutes } from './modules/dnc/routes';
import { registerExportRoutes } from './modules/exports/routes';
import { registerInvitationRoutes } from './modules/organizations/invitations-routes';
import { registerOrganizationRoutes } from './modules/organizations/routes';
import { RealtimeHub } from './modules/realtime/hub';
import { registerRealtimeRoutes } from './modules/realtime/routes';
import { registerSettingsRoutes } from './modules/settings/routes';
import { CallsModule } from './modules/calls/service';
import { registerCallRoutes } from './modules/calls/routes';
import { registerPhoneNumberRoutes } from './modules/phone-numbers/routes';
import { registerTaskRoutes } from './modules/tasks/routes';
import { registerDashboardRoutes } from './modules/dashboard/routes';
import { registerVoiceRoutes } from './modules/voice/routes';
import { registerTranscriptionRoutes } from './modules/transcription/routes';
import { TwilioNumberOwnership } from './providers/voice/twilio-numbers';
import { createMailProvider, type MailProvider } from './providers/mail';
import { createLlmProvider } from './providers/llm';
import { registerAiJobRoutes } from './modules/ai-jobs/routes';
import { AiJobs } from './modules/ai-jobs/service';
import { subscribeAiJobs } from './modules/ai-jobs/subscriptions';
import { EventOutbox } from './modules/outbox/delivery';
import { startFollowUpSweep } from './modules/notifications/follow-ups';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { subscribeNotifications } from './modules/notifications/subscriptions';
import { registerAiRoutes } from './modules/ai/routes';
import { registerCoachingRoutes } from './modules/coaching/routes';
import { CoachingService } from './modules/coaching/service';
import { registerConversationRoutes, registerConversationWebhooks } from './modules/conversations/routes';
import { ConversationsModule } from './modules/conversations/service';
import { subscribeWebhooks } from './modules/webhooks/fanout';
import { registerWebhookRoutes } from './modules/webhooks/routes';
import { Webhooks } from './modules/webhooks/webhooks';
import { APP_VERSION } from './version';

/** How long websocket clients get to answer the close handshake when the server shuts down. */
const WEBSOCKET_CLOSE_GRACE_MS = 1000;

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppServices {
  config: Config;
  database: Database;
  auth: Auth;
  mail: MailProvider;
  realtime: RealtimeHub;
  jobs: JobQueue;
  calls: CallsModule;
  aiJobs: AiJobs;
  outbox: EventOutbox;
  conversations: ConversationsModule;
  sessions: SessionCache<SessionRow>;
  sockets: SessionSockets;
  /** With Twilio configured: whether the account owns a number before an organization may add it. */
  numberOwnership: TwilioNumberOwnership | null;
  /** The property-lookup provider (BatchData, or none): tests replace its lookupProperty. */
  enrichment: EnrichmentProvider;
  storage: FileStorage;
  /** Sequences' engine and its clock (tests move it to a given day and hour). */
  automation: AutomationEngine;
  /** Outgoing webhooks: tests replace its retry schedule, clock and name resolver. */
  webhooks: Webhooks;
  /** Test connection's calls to the outside services (tests point them at local fakes). */
  integrationChecks: IntegrationChecks;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** TRUST_PROXY for fastify: a number of hops becomes the function fastify itself would make of it (its types take no number). */
function trustedProxies(setting: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export interface AppOptions {
  /** Sees every route as it is registered, websocket routes included (the proof suites build their route table from it). */
  onRoute?: (route: RouteOptions) => void;
  /** Where uploaded files wait for their jobs; by default from the configuration (tests watch what it receives). */
  storage?: FileStorage;
}

/** Builds the whole HTTP + websocket app on an open, migrated database. Tests build it too. */
export async function buildApp(config: Config, database: Database, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within these (a websocket is no longer a request once upgraded); Node checks
    // every second. The headers limit may not exceed the request limit.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeout: Math.min(config.HEADERS_TIMEOUT_SECONDS, config.REQUEST_TIMEOUT_SECONDS) * 1000,
      connectionsCheckingInterval: 1000,
    },
    forceCloseConnections: 'idle',
    frameworkErrors,
    // Per-request lines would drown the start-up banner; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
  });
  limitConnectionsPerAddress(app.server, config.MAX_CONNECTIONS_PER_IP);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mail = createMailProvider({
    smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log: app.log,
    onOutcome: (organizationId, outcome) => recordIntegration(database.db, organizationId, 'smtp', outcome, app.log),
  });
  const sessions = await listeningSessionCache<SessionRow>(database);
  const authSecret = resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR);
  const auth = createAuth({
    db: database.db,
    secret: authSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: config.allowedOrigins,
    idleHours: config.SESSION_IDLE_HOURS,
    signInLimit: config.AUTH_SIGN_IN_LIMIT,
    resetLimit: config.AUTH_RESET_LIMIT,
    rateWindowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
    mail,
    log: app.log,
    onSessionsChanged: () => sessions.cache.clear(),
  });
  const realtime = new RealtimeHub(app.log);
  await realtime.start(database);
  const llm = createLlmProvider(config.llm);
  const enrichment = createEnrichmentProvider(config.BATCHDATA_API_KEY);
  const aiJobs = new AiJobs({ db: database.db, llm, enrichment, log: app.log });
  const outbox = new EventOutbox({ db: database.db, log: app.log });
  subscribeAiJobs(outbox, aiJobs);
  subscribeNotifications(outbox);
  const calls = new CallsModule({
    db: database.db, log: app.log, ringMs: config.DEMO_RING_MS, msPerWord: config.DEMO_MS_PER_WORD, twilioConfigured: config.twilio !== null,
  });
  const conversations = new ConversationsModule({
    db: database.db, log: app.log, publicUrl: config.publicUrl, twilio: config.twilio,
    demoDeliveryMs: config.DEMO_SMS_DELIVERY_MS, demoReplyMs: config.DEMO_SMS_REPLY_MS,
  });
  // Sequences text through the conversations' gate and line (steps.ts), so the engine comes after them.
  const automation = new AutomationEngine({ db: database.db, log: app.log, conversations, mail });
  subscribeAutomationExits(outbox, () => automation.clock());
  const rules = new AutomationRules({ db: database.db, log: app.log, engine: automation });
  rules.subscribe(outbox);
  const webhooks = new Webhooks({ db: database.db, log: app.log, mail, allowedHosts: config.webhookAllowedHosts, publicUrl: config.publicUrl });
  subscribeWebhooks(outbox, webhooks);
  const storage = options.storage ?? createFileStorage({ s3: config.s3, dataDir: config.DATA_DIR });
  const jobs = await startJobs(database, app.log, storage, {
    outbox,
    connectionString: config.DATABASE_URL,
    ai: aiJobs,
    automation,
    rules,
    webhooks,
    heartbeatSeconds: config.WHOLESAIL_JOB_HEARTBEAT_SECONDS,
  });
  const resolve = sessionResolver(auth, database.db, config.SESSION_ABSOLUTE_HOURS, sessions.cache);
  const sockets = new SessionSockets(resolve);
  sessions.cache.onClear(() => sockets.recheck());
  const numberOwnership = config.twilio ? new TwilioNumberOwnership(config.twilio) : null;
  const integrationChecks = new IntegrationChecks(config, storage);
  app.decorate('services', {
    config, database, auth, mail, realtime, jobs, calls, aiJobs, outbox, conversations, sessions: sessions.cache, sockets, numberOwnership, enrichment, storage, automation,
    webhooks, integrationChecks,
  });
  app.addHook('onClose', () => sockets.stop());
  app.addHook('onClose', () => calls.stop());
  app.addHook('onClose', () => conversations.stop());
  const stopFollowUpSweep = startFollowUpSweep(database.db, app.log);
  app.addHook('onClose', () => stopFollowUpSweep());
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onClose', () => realtime.stop());
  app.addHook('onClose', () => sessions.stop());

  registerErrorHandler(app);
  registerOriginCheck(app, config.allowedOrigins);
  // After the origin check (a foreign origin is refused first), before every route and the route collector.
  registerRouteAccess(app, database.db, resolve, new ApiKeyAuthenticator({ db: database.db, log: app.log, perMinute: config.API_KEY_RATE_LIMIT }));
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerNulGuard(app);
  registerJsonParser(app);
  await registerSecurityHeaders(app, config.publicUrl);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Wholesail API', version: APP_VERSION }, components: OPENAPI_COMPONENTS },
    transform: documentRoute,
  });
  await publicScope(app, 'the API documentation (OpenAPI and Swagger UI) is public', (scope) =>
    scope.register(fastifySwaggerUi, { routePrefix: '/api/docs' }),
  );
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
    // Shutdown waits for every socket. A client that never answers the close handshake would hold it for ws's
    // 30 s close timeout, and a refused upgrade's socket can linger: say goodbye (1001), give clients up to a
    // second, then cut whatever upgrade socket is left.
    preClose: async () => {
      closingSockets = true;
      const clients = [...app.websocketServer.clients];
      for (const client of clients) client.close(1001, 'Server shutting down');
      if (upgradeSockets.size > 0) {
        // Until every socket has closed, or the grace is over, whichever comes first.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all([...upgradeSockets].map((socket) => new Promise((resolve) => socket.once('close', resolve)))),
          new Promise((resolve) => (timer = setTimeout(resolve, WEBSOCKET_CLOSE_GRACE_MS))),
        ]);
        clearTimeout(timer);
      }
      for (const client of app.websocketServer.clients) client.terminate();
      for (const socket of upgradeSockets) socket.destroy();
      await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
    },
  });
  const upgradeSockets = new Set<Duplex>();
  let closingSockets = false;
  app.server.on('upgrade', (_request, socket: Duplex) => {
    // A client reconnecting while the server shuts down is turned away at once.
    if (closingSockets) return void socket.destroy();
    upgradeSockets.add(socket);
    socket.once('close', () => upgradeSockets.delete(socket));
  });
  // Only routes that opt in (config.rateLimit) are limited; auth limits live in the database.
  await app.register(fastifyRateLimit, { global: false });

  registerHealthRoutes(app, database.db, storage);
  registerAuthRoutes(app, auth, resolve, config.publicUrl);
  registerOrganizationRoutes(app, database.db);
  registerSettingsRoutes(app);
  registerApiKeyRoutes(app);
  registerOnboardingRoutes(app);
  registerInvitationRoutes(app, { db: database.db, auth, mail, publicUrl: config.publicUrl, secret: authSecret, sessionsChanged: () => sessions.cache.clear() });
  registerLeadRoutes(app);
  registerActivityRoutes(app);
  registerBuyerRoutes(app);
  await registerBuyerImportRoutes(app);
  registerBuyerSendRoutes(app, authSecret);
  registerDealRoutes(app);
  registerAnalyticsRoutes(app);
  registerSourceRoutes(app);
  registerSignalsAnalyticsRoutes(app);
  registerGrowthRoutes(app);
  await registerDealRoomRoutes(app);
  await registerPublicDealRoomRoutes(app);
  registerReferralRoutes(app, authSecret);
  await registerPublicReferralRoutes(app, authSecret);
  registerCompsRoutes(app);
  registerAutomationRoutes(app, automation);
  registerRuleRoutes(app, { clock: () => automation.clock() });
  registerWebhookRoutes(app, webhooks);
  registerOrchestratorRoutes(app, { jobs, listenStatus: () => database.listenStatus(), heartbeatSeconds: config.WHOLESAIL_JOB_HEARTBEAT_SECONDS });
  registerPhoneNumberRoutes(app, numberOwnership);
  registerCallRoutes(app, calls);
  registerTaskRoutes(app);
  registerDashboardRoutes(app, { clock: () => calls.clock() });
  registerNotificationRoutes(app);
  await registerVoiceRoutes(app, { db: database.db, config, calls });
  registerTranscriptionRoutes(app, { hub: realtime, sockets, allowedOrigins: config.allowedOrigins });
  registerEnrichmentRoutes(app, {
    db: database.db, provider: enrichment, caps: { perOrganization: config.ADDRESS_LOOKUP_DAILY_CAP_ORG, publicTotal: config.ADDRESS_LOOKUP_DAILY_CAP_PUBLIC },
  });
  registerAccessRequestRoutes(app, { mail, to: config.accessRequestEmail });
  registerMapsRoutes(app, config.GOOGLE_MAPS_API_KEY);
  registerIntegrationRoutes(app, { db: database.db, config, storage, checks: integrationChecks });
  registerRealtimeRoutes(app, realtime, sockets, config.allowedOrigins);
  registerAiRoutes(app, { db: database.db, llm, enrichmentConfigured: enrichment.kind !== 'none' });
  registerCoachingRoutes(app, new CoachingService({ db: database.db, llm, log: app.log }));
  await registerLeadImportRoutes(app, {
    storage, jobs, uploads: { perOrg: config.IMPORT_UPLOADS_PER_ORG, perServer: config.IMPORT_UPLOADS_PER_SERVER },
  });
  await registerDncRoutes(app);
  registerExportRoutes(app);
  registerAiJobRoutes(app, aiJobs);
  registerConversationRoutes(app, conversations);
  await registerConversationWebhooks(app, conversations, config);
  await registerWebApp(app, config.WEB_DIST ? path.resolve(config.WEB_DIST) : DEFAULT_WEB_DIST);
  return app;
}
