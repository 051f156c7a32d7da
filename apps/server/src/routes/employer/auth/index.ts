import type { FastifyPluginAsync } from 'fastify';
import accountEmailRoutes from './account-email-routes.ts';
import accountRoutes from './account-routes.ts';
import claimRoutes from './claim-routes.ts';
import { deviceRoutes } from './device-routes.ts';
import jobRoutes from './job-routes.ts';
import organizationRoutes from './organization-routes.ts';
import passwordRoutes from './password-routes.ts';
import registrationRoutes from './registration-routes.ts';
import securityRoutes from './security-routes.ts';
import sessionRoutes from './session-routes.ts';

/** /api/employer/auth: sign-in, registration, passwords and the employer's own account settings. */
const employerAuthRoutes: FastifyPluginAsync = async (app) => {
  await app.register(sessionRoutes);
  await app.register(registrationRoutes);
  await app.register(passwordRoutes);
  await app.register(accountRoutes);
  await app.register(securityRoutes);
  await app.register(organizationRoutes);
  await app.register(accountEmailRoutes);
  await app.register(claimRoutes);
  await app.register(jobRoutes);
  await app.register(deviceRoutes({ accountKind: 'employer', tags: ['employer auth'] }));
};

export default employerAuthRoutes;
