export { APP_VERSION } from './server-package.ts';
