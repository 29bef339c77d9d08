export { CHECKPOINT_EVENT, CHECKPOINT_STREAM, CHECKPOINT_FORMAT, signCheckpoint, signatureProblem, signedText, type CheckpointBody, type SignedCheckpoint } from './checkpoint.js';
export { appendCheckpointLine, readCheckpointFile, readCheckpointLineAt, MAX_EVENT_HASHES, type CheckpointFileLine } from './checkpoint-file.js';
export { checkpointSettingsFromEnv, DEFAULT_CHECKPOINT_FILE, DEFAULT_CHECKPOINT_INTERVAL_MS, DEFAULT_SIGNING_KEY_FILE, type CheckpointSettings } from './checkpoint-settings.js';
export { exportLog, EXPORT_FORMAT, EXPORT_VERSION, type ExportBound, type ExportOptions, type ExportSummary } from './export-log.js';
export { headsAt } from './log-at-position.js';
export { makeCheckpoint, type MadeCheckpoint, type MakeCheckpointOptions } from './make-checkpoint.js';
export { headsRoot, leafText, type HeadLeaf } from './merkle.js';
export { keyIdOf, loadSigningKey, parsePublicKey, parseSigningKey, type CheckpointSigner, type SigningKeySettings } from './signing-key.js';
export { verifyCheckpoints, type CheckpointProblem, type CheckpointVerification, type VerifyCheckpointsOptions } from './verify-checkpoints.js';
