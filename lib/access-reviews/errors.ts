// The errors of access reviews (`accessReview.*`).
import { arborError } from '../errors';

// ---- schedules ----
export const scheduleNotFound = () => arborError('accessReview.scheduleNotFound', 'This review schedule does not exist (it may have been removed).');
export const scheduleChanged = () =>
  arborError('accessReview.scheduleChanged', 'Someone else changed this schedule while you were editing. Review it and apply your change again.');
export const tooManyReviewSchedules = (max: number) =>
  arborError('accessReview.tooManySchedules', `An organization can have ${max} review schedules; remove one you no longer use first.`);
export const badReviewSchedule = (problem: string) => arborError('accessReview.badSchedule', `This schedule cannot be saved: ${problem}`, { problem });
