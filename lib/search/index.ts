// Search (T10): units and members by the start of any word of their name, members by email prefix.
export { search, SEARCH_PAGE, type SearchResult } from './search';
export { validateSearchPrefix, PREFIX_MAX_LENGTH } from '../validation';
export { searchPeople, PEOPLE_PAGE } from './search-people';
export { personNameMatches } from '../items/name-words';
