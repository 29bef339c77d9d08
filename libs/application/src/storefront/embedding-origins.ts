/**
 * Spec 1 and 4, embedding: the origin an event names for its host (embeddingConfiguration.notificationOrigin, when
 * embedding is enabled) may frame that event's pages; it is the origin the framed page posts its status to, so
 * the two never differ. Read from the event view the shell preloads; nothing for an unknown event, embedding
 * switched off, no origin, or one that is not an http(s) origin.
 */
export function embeddingOriginsOf(eventView: unknown): readonly string[] {
  const embedding = (eventView as { embeddingConfiguration?: { enabled?: unknown; notificationOrigin?: unknown } } | null)?.embeddingConfiguration;
  if (!embedding || embedding.enabled !== true || typeof embedding.notificationOrigin !== 'string') return [];
  try {
    const url = new URL(embedding.notificationOrigin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}
