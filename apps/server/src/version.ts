import { createRequire } from 'node:module';

/** The server's version from its package.json, said by the health answer and the API documentation. */
export const APP_VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;
