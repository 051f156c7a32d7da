import { afterAll } from 'vitest';
import { disposeFileResources } from './cleanups.ts';

afterAll(disposeFileResources);
