// The files module's test face: what other modules' tests use to set up stored files.
export { insertBlob } from './files.repo.ts';
