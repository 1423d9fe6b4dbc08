import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The two ways a caller proves who it is, as `/api/docs` describes them. */
export const OPENAPI_COMPONENTS = {
  securitySchemes: {
    session: { type: 'apiKey', in: 'cookie', name: 'wholesail.session_token', description: 'The session cookie a browser gets by signing in at /api/auth/sign-in/email.' },
    apiKey: {
      type: 'http',
      scheme: 'bearer',
      description: 'An API key made on the developer page (Authorization: Bearer wsk_…). It opens only the routes whose x-api-key-scope it holds, as its organization; 600 requests a minute per key by default.',
    },
  },
} as const;

/**
 * Each route's schema as zod describes it, plus who may call it from its declaration: no security on public routes,
 * the session cookie on the others, and the API key with the scope it needs (`x-api-key-scope`) where the route names one.
 */
export const documentRoute: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const { access, apiKey } = input.route.config ?? {};
  if (access === undefined) return { schema, url };
  const security: Record<string, string[]>[] = access === 'public' ? [] : [{ session: [] }, ...(apiKey ? [{ apiKey: [] }] : [])];
  const who = access === 'public' ? 'Anyone.' : `Signed in (${access})${apiKey ? `, or an API key with the scope ${apiKey}` : ''}.`;
  const described = (schema as { description?: string } | undefined)?.description;
  return { schema: { ...schema, security, description: described ? `${described}\n\n${who}` : who, ...(apiKey ? { 'x-api-key-scope': apiKey } : {}) }, url };
};
