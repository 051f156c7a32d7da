import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../lib/version.ts';

export const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI 3.1 generated from the contract's zod schemas of every route; the document is
 * at /api/docs/json and the browsable UI at /api/docs. Registered before the routes so
 * it sees each of them.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'MedHire API',
          description:
            'The API behind the MedHire employer app. Every answer uses the success/failure envelope.',
          version: APP_VERSION,
        },
        servers: [{ url: app.config.publicUrl }],
        components: {
          securitySchemes: {
            sessionToken: {
              type: 'apiKey',
              in: 'header',
              name: 'Authorization',
              description: 'The session token from sign-in (a "Bearer " prefix is accepted too).',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'docs', dependencies: ['config'] },
);
