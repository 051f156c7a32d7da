import { accountSecurityRoutes } from '../../employer/auth/security-routes.ts';

/** /api/employee/auth: the physician's sign-in security, the employer's calls under the physician API. */
export default accountSecurityRoutes({ accountKind: 'physician', tags: ['employee auth'] });
