import { x } from './a';
console.log('ok', x);
