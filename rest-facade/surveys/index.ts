/** The surveys area: survey campaign previews, submissions and the consumer's responses. */
import type { FacadeArea } from '../kernel/area.js';
import { surveyRoutes } from './surveys.routes.js';
import { SURVEY_SCHEMAS } from './surveys.schemas.js';

export const surveysArea: FacadeArea = { name: 'surveys', routes: surveyRoutes, schemas: SURVEY_SCHEMAS };
