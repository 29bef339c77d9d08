/**
 * Published to every read model: a subject's key was destroyed (`audit forget-subject`), so the log's personal data
 * sealed under it reads as erased from now on. A read model that keeps decrypted personal data of that subject drops
 * it on this event, and so holds what a rebuild from the log would. Appended after the key is gone, on one stream.
 */
export const SUBJECT_FORGOTTEN = 'SubjectForgotten';
export const FORGOTTEN_SUBJECTS_STREAM = '$forgotten-subjects';

export interface SubjectForgottenData {
  readonly subjectId: string;
}
