import type { FastifyPluginAsync } from 'fastify';
import employeeAuthRoutes from './employee/auth/index.ts';
import employerAuthRoutes from './employer/auth/index.ts';
import employerOidcRoutes from './employer/auth/oidc-routes.ts';
import employerJobRoutes from './employer/job/index.ts';
import employerLocationRoutes from './employer/location/index.ts';
import employerOrganizationRoutes from './employer/organization/index.ts';
import enumsRoutes from './enums/index.ts';
import healthRoutes from './health/index.ts';
import uploaderRoutes from './uploader/index.ts';

/**
 * Every route area of the API, mounted under /api. Each area is a plugin in its own
 * folder (routes/<area>/index.ts) that declares contract schemas and calls into domain/.
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { prefix: '/health' });
  await app.register(enumsRoutes, { prefix: '/enums' });
  await app.register(uploaderRoutes, { prefix: '/uploader' });
  await app.register(employerAuthRoutes, { prefix: '/employer/auth' });
  await app.register(employerOidcRoutes, { prefix: '/employer/auth/oidc' });
  await app.register(employeeAuthRoutes, { prefix: '/employee/auth' });
  await app.register(employerLocationRoutes, { prefix: '/employer/auth' });
  await app.register(employerOrganizationRoutes, { prefix: '/employer/organization' });
  await app.register(employerJobRoutes, { prefix: '/employer/job' });
};

export default routes;
