// Input validation shared by server actions, route handlers and the domain.
export { validateName, validateEmail, emailDomain, searchKey, NAME_MAX_LENGTH } from './text';
export { validateId } from './ids';
