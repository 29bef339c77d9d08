import type { PersonalData, RecordedEvent } from '../port.js';
import { openWithSubjectKey, sealWithSubjectKey } from './subject-key.js';
import type { SubjectKeyVault } from './subject-key-vault.js';

/** Personal data as stored: the subject in clear (to find its key), the data only as ciphertext. */
export interface SealedPersonalData {
  readonly subjectId: string;
  readonly ciphertext: Buffer;
}

export async function sealPersonalData(vault: SubjectKeyVault, eventId: string, personal: PersonalData): Promise<SealedPersonalData> {
  const key = await vault.keyFor(personal.subjectId);
  return { subjectId: personal.subjectId, ciphertext: sealWithSubjectKey(key, personal.subjectId, eventId, personal.data) };
}

export interface SealedEventData {
  readonly eventId: string;
  readonly personal: SealedPersonalData | null;
}

/** Opens the personal data of a batch of events with one key look-up; erased subjects read as null. */
export async function openPersonalData(
  vault: SubjectKeyVault,
  events: readonly SealedEventData[],
): Promise<(RecordedEvent['personal'] | undefined)[]> {
  const subjects = events.flatMap((event) => (event.personal ? [event.personal.subjectId] : []));
  const keys = await vault.existingKeys(subjects);
  return events.map(({ eventId, personal }) => {
    if (!personal) return undefined;
    const key = keys.get(personal.subjectId);
    const data = key ? openWithSubjectKey(key, personal.subjectId, eventId, personal.ciphertext) : null;
    return { subjectId: personal.subjectId, data, erased: data === null };
  });
}
