export { isEmbedded, isFramed } from './framed';
