// The errors of the org chart and its exports, each worded once.
import { arborError } from '../errors';

/** More units below the root than one chart carries: a deeper root is the way in. */
export const chartTooLarge = (units: number, max: number) =>
  arborError(
    'chart.tooLarge',
    `This part of the organization has more than ${max.toLocaleString('en')} units, too many for one chart. Open the chart on a unit further down.`,
    { units, max },
  );

/** An export would draw more cards than one file holds readably. */
export const tooManyCards = (cards: number, max: number) =>
  arborError(
    'chart.tooManyCards',
    `This export would draw ${cards.toLocaleString('en')} cards; one file holds at most ${max.toLocaleString('en')}. Fold some units or export a smaller part.`,
    { cards, max },
  );

/** The person a people chart was asked to start from is not one the viewer may see. */
export const personNotFound = () => arborError('chart.personNotFound', 'That person is not in this organization, or not where you can see them.');

/** More people than one people chart carries: start it from a person further down. */
export const tooManyPeople = (max: number) =>
  arborError(
    'chart.tooManyPeople',
    `More than ${max.toLocaleString('en')} people would be drawn, too many for one chart. Start the chart from a person further down.`,
    { max },
  );

/** Every render slot of this process is taken: try again in a moment (503, Retry-After). */
export const chartBusy = (limit: number) =>
  arborError('chart.busy', 'Arbor is drawing other charts right now. Try the export again in a moment.', { limit });
