import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/from-config';
import { demoPasswordKept, resolveDemoPassword } from './auth/secret';
import { isDatabaseUnavailable } from './db/unavailable';
import { seedDemo } from './seed';

/** Longer than the job queue's own 5 s stop timeout, so a clean stop is never cut short. */
const SHUTDOWN_GRACE_MS = 20_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const app = await buildApp(config, database);
  // pg-boss 10 leaves the promise of a job's completion (or failure) unawaited: when the database connection
  // is lost at that moment, the rejection is unhandled and Node would end the process. A lost connection is
  // survivable (the job stays active and jobs/orphans.ts puts it back); anything else still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      app.log.warn({ err: reason instanceof Error ? reason.message : String(reason) }, 'database connection lost in background work');
      return;
    }
    console.error('Unhandled promise rejection:', reason);
    process.exit(1);
  });
  // A demo user seeded before passwords were generated keeps the one it was given then.
  const seededBefore = config.seedDemo && !config.DEMO_PASSWORD && !demoPasswordKept(config.DATA_DIR);
  const demoPassword = config.seedDemo ? resolveDemoPassword(config.DEMO_PASSWORD, config.DATA_DIR) : null;
  const demo = demoPassword ? await seedDemo(database.db, config.DEMO_EMAIL, demoPassword) : null;
  await app.listen({ port: config.PORT, host: config.HOST });

  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`;
  const lines = [``, `  Wholesail is running at ${config.publicUrl}`, `  Database: ${where}`, `  Uploads: ${app.services.storage.location}`];
  if (demo) {
    lines.push(
      demo === 'existing' && seededBefore
        ? `  Demo sign-in: ${config.DEMO_EMAIL} with the password it was created with (wholesail-demo, unless you changed it)`
        : `  Demo sign-in: ${config.DEMO_EMAIL} / ${demoPassword}${demo === 'existing' ? ' (unless you changed it)' : ''}`,
    );
  }
  console.log(lines.join('\n') + '\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing requests and closing`);
    let phase = 'closing the app (requests, sockets, jobs, realtime)';
    setTimeout(() => {
      // Written synchronously: the process exits right after.
      console.error(`Shutdown did not finish within ${SHUTDOWN_GRACE_MS / 1000} s (stuck ${phase}); exiting with code 1`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    const started = Date.now();
    // A response still being written when closing began leaves a keep-alive connection that only turns idle
    // afterwards; without this it would hold shutdown until its keep-alive timeout.
    const idle = setInterval(() => app.server.closeIdleConnections(), 250);
    await app.close();
    clearInterval(idle);
    const appClosed = Date.now();
    phase = 'closing the database';
    await database.close();
    if (Date.now() - started > 5000) {
      app.log.warn({ appCloseMs: appClosed - started, databaseCloseMs: Date.now() - appClosed }, 'slow shutdown');
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Wholesail failed to start:', error);
  }
  process.exit(1);
});
