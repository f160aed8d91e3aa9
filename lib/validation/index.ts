// Input validation shared by server actions, route handlers and the domain.
export {
  validateName, validateEmail, validateSearchPrefix, emailDomain, searchKey,
  NAME_MAX_LENGTH, PREFIX_MAX_LENGTH, SEARCH_KEY_MAX_BYTES,
} from './text';
export { validateId, ULID } from './ids';
export { validateVersion } from './version';
export { field } from './request-fields';
export { validateLabel, LABEL_MAX_LENGTH } from './label';
