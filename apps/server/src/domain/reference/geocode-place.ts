import {
  LOCATION_NOT_FOUND_MESSAGE,
  type TGenerateLocationBody,
  type TUsPlace,
} from '@medhire/contract/locations';
import { AppError } from '../../lib/app-error.ts';
import { getGazetteer } from './gazetteer.ts';

/** A typed place as a stored location, or 404 when the gazetteer does not know it. */
export function geocodePlace({ location }: TGenerateLocationBody): TUsPlace {
  const place = getGazetteer().geocode(location);
  if (!place) throw new AppError('NOT_FOUND', LOCATION_NOT_FOUND_MESSAGE);
  return place;
}
