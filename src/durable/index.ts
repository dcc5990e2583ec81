/**
 * File-system primitives for things that must survive a crash, shared by every store
 * (trail, seal store, witness backends, git log objects, pins, the relay's state and lock).
 * Invariants: a file or directory entry counts as written only after its fsync; an append is
 * acknowledged only when every byte is out and synced, and a failed one leaves the file as it
 * was (truncated back); a replaced file is seen whole, old or new; the cross-process lock is
 * held by at most one live process (docs/decisions/trail-lock.md).
 */
export { fsyncDir, readTextIfExists } from "./dir.js";
/** File calls on node:fs callbacks, for modules on the hook path (./fs.ts). */
export * as fileCalls from "./fs.js";
export { syncHandle } from "./fs.js";
export { acquireLock, type HeldLock, type LockOptions, withDirLock, withLock } from "./lock.js";
export { type Liveness, type LockOwner, ownerLiveness, parseOwner, processStartTime } from "./lock-owner.js";
export { appendAll, type WriteFileOptions, writeFileAtomic } from "./write.js";
