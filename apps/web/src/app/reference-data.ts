/**
 * Reference data (enums, specialties, places) loaded once for the whole app; features read it
 * here rather than from the feature that fetches it.
 */
export { enumsApi } from '../features/utility/api/enums-api.ts';
export { useEnums } from '../features/utility/use-enums.ts';
