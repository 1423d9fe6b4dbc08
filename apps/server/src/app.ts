import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAuth, type Auth } from './auth/auth';
import { resolveAuthSecret } from './auth/secret';
import { sessionResolver, type SessionRow } from './auth/session';
import { changesSessions, listeningSessionCache, type SessionCache } from './auth/session-cache';
import type { Config } from './config';
import type { Database } from './db/database';
import { requestGuards } from './http/context';
import { registerErrorHandler } from './http/errors';
import { frameworkErrors, registerNulGuard } from './http/input-guards';
import { registerOriginCheck } from './http/origin-check';
import { registerWebApp } from './http/web-app';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerHealthRoutes } from './modules/health/routes';
import fastifyRateLimit from '@fastify/rate-limit';
import { registerBuyerRoutes } from './modules/buyers/routes';
import { registerEnrichmentRoutes } from './modules/enrichment/routes';
import { registerMapsRoutes } from './modules/maps/routes';
import { createEnrichmentProvider } from './providers/enrichment';
import { registerLeadRoutes } from './modules/leads/routes';
import { startJobs, type JobQueue } from './jobs';
import { registerLeadImportRoutes } from './modules/lead-import/routes';
import { registerInvitationRoutes } from './modules/organizations/invitations-routes';
import { registerOrganizationRoutes } from './modules/organizations/routes';
import { RealtimeHub } from './modules/realtime/hub';
import { registerRealtimeRoutes } from './modules/realtime/routes';
import { registerSettingsRoutes } from './modules/settings/routes';
import { CallsModule } from './modules/calls/service';
import { registerCallRoutes } from './modules/calls/routes';
import { registerPhoneNumberRoutes } from './modules/phone-numbers/routes';
import { registerTaskRoutes } from './modules/tasks/routes';
import { registerVoiceRoutes } from './modules/voice/routes';
import { registerTranscriptionRoutes } from './modules/transcription/routes';
import { createMailProvider, type MailProvider } from './providers/mail';
import { createLlmProvider } from './providers/llm';
import { registerAiJobRoutes } from './modules/ai-jobs/routes';
import { AiJobs } from './modules/ai-jobs/service';
import { registerAiRoutes } from './modules/ai/routes';
import { registerCoachingRoutes } from './modules/coaching/routes';
import { CoachingService } from './modules/coaching/service';
import { registerConversationRoutes, registerConversationWebhooks } from './modules/conversations/routes';
import { ConversationsModule } from './modules/conversations/service';

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
  conversations: ConversationsModule;
  sessions: SessionCache<SessionRow>;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export interface AppOptions {
  /** Sees every route as it is registered, websocket routes included (the proof suites build their route table from it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole HTTP + websocket app on an open, migrated database. Tests build it too. */
export async function buildApp(config: Config, database: Database, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    frameworkErrors,
    // Per-request lines would drown the start-up banner; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mail = createMailProvider({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log: app.log });
  const auth = createAuth({
    db: database.db,
    secret: resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR),
    publicUrl: config.publicUrl,
    trustedOrigins: config.allowedOrigins,
    idleHours: config.SESSION_IDLE_HOURS,
    signInLimit: config.AUTH_SIGN_IN_LIMIT,
    resetLimit: config.AUTH_RESET_LIMIT,
    rateWindowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
    mail,
    log: app.log,
  });
  const realtime = new RealtimeHub(app.log);
  await realtime.start(database);
  const llm = createLlmProvider(config.llm);
  const enrichment = createEnrichmentProvider(config.BATCHDATA_API_KEY);
  const aiJobs = new AiJobs({ db: database.db, llm, enrichment, log: app.log });
  const jobs = await startJobs(database, app.log, {
    connectionString: config.DATABASE_URL,
    ai: aiJobs,
    heartbeatSeconds: config.WHOLESAIL_JOB_HEARTBEAT_SECONDS,
  });
  const calls = new CallsModule({
    db: database.db, log: app.log, ringMs: config.DEMO_RING_MS, msPerWord: config.DEMO_MS_PER_WORD, twilioConfigured: config.twilio !== null,
  });
  const conversations = new ConversationsModule({
    db: database.db, log: app.log, aiJobs, publicUrl: config.publicUrl, twilio: config.twilio,
    demoDeliveryMs: config.DEMO_SMS_DELIVERY_MS, demoReplyMs: config.DEMO_SMS_REPLY_MS,
  });
  const sessions = await listeningSessionCache<SessionRow>(database);
  app.decorate('services', { config, database, auth, mail, realtime, jobs, calls, aiJobs, conversations, sessions: sessions.cache });
  app.addHook('onClose', () => calls.stop());
  app.addHook('onClose', () => conversations.stop());
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onClose', () => realtime.stop());
  app.addHook('onClose', () => sessions.stop());

  const resolve = sessionResolver(auth, database.db, config.SESSION_ABSOLUTE_HOURS, sessions.cache);
  // Cleared when such a request starts and again before it answers (session-cache.ts).
  const clearIfChanging = async (request: { method: string; url: string }) => {
    if (changesSessions(request.method, request.url)) sessions.cache.clear();
  };
  app.addHook('onRequest', clearIfChanging);
  app.addHook('onSend', clearIfChanging);
  const guards = requestGuards(resolve);

  registerErrorHandler(app);
  registerOriginCheck(app, config.allowedOrigins);
  registerNulGuard(app);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Wholesail API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
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

  registerHealthRoutes(app, database.db);
  registerAuthRoutes(app, auth, resolve, config.publicUrl);
  registerOrganizationRoutes(app, database.db, guards);
  registerSettingsRoutes(app, database.db, guards);
  registerInvitationRoutes(app, { db: database.db, auth, mail, publicUrl: config.publicUrl }, guards);
  registerLeadRoutes(app, database.db, guards, aiJobs.leadCreationHooks);
  registerBuyerRoutes(app, database.db, guards);
  registerPhoneNumberRoutes(app, database.db, guards);
  registerCallRoutes(app, calls, guards);
  registerTaskRoutes(app, database.db, guards);
  await registerVoiceRoutes(app, { db: database.db, config, calls }, guards);
  registerTranscriptionRoutes(app, { db: database.db, hub: realtime, allowedOrigins: config.allowedOrigins }, guards);
  registerEnrichmentRoutes(app, enrichment);
  registerMapsRoutes(app, config.GOOGLE_MAPS_API_KEY);
  registerRealtimeRoutes(app, realtime, guards, config.allowedOrigins);
  registerAiRoutes(app, { db: database.db, llm }, guards);
  registerCoachingRoutes(app, new CoachingService({ db: database.db, llm, log: app.log }), guards);
  await registerLeadImportRoutes(app, database.db, guards, jobs);
  registerAiJobRoutes(app, aiJobs, guards);
  registerConversationRoutes(app, conversations, guards);
  await registerConversationWebhooks(app, conversations, config);
  await registerWebApp(app, config.WEB_DIST ? path.resolve(config.WEB_DIST) : DEFAULT_WEB_DIST);
  return app;
}
