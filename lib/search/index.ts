// Search (T10): units and members by name prefix, members by email prefix.
export { search, SEARCH_PAGE, type SearchResult } from './search';
export { validateSearchPrefix, PREFIX_MAX_LENGTH } from '../validation';
export { searchMembersByName, MEMBER_NAMES_PAGE } from './member-names';
