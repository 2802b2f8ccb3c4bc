import { randomBytes, randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

/*
 * Random bytes from the system's cryptographic generator, drawn from a buffer filled a few
 * kilobytes at a time. Every `randomBytes` call is a trip into OpenSSL that cost 5.7 µs here
 * (a creation makes seven of them: ids, the status token, the reference), 10% of a request
 * creation's CPU under load, against 1 µs from the buffer (decision 012). Node's own
 * `randomUUID` buffers its bytes the same way. Each byte is handed out once, as a copy, so
 * no caller holds a view of the buffer that a later refill overwrites.
 */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafeSlow(POOL_BYTES);
let next = POOL_BYTES;

/** `size` random bytes, as `crypto.randomBytes` gives them. */
export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES / 4) return randomBytes(size);
  if (next + size > POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  const bytes = Buffer.from(pool.subarray(next, next + size));
  next += size;
  return bytes;
}

/** The millisecond and counter of the last id, so ids made in one millisecond stay in order. */
let lastMsecs = -Infinity;
let sequence = 0;

/**
 * A new UUIDv7 (RFC 9562): the time in milliseconds, then random bits. Ids this process
 * makes within one millisecond keep their order through a counter that starts at a random
 * value each millisecond, exactly as `uuid`'s own v7 does: the rows of one transaction share
 * its time, and their id orders them (a case's timeline). `uuid` keeps that counter only
 * when it draws the random bytes itself, so it is kept here.
 */
export function newId(): string {
  const random = pooledRandomBytes(16);
  const now = Date.now();
  if (now > lastMsecs) {
    lastMsecs = now;
    // 31 random bits, leaving room to count up within the millisecond.
    sequence = random.readUInt32BE(6) & 0x7fffffff;
  } else {
    sequence = (sequence + 1) | 0;
    if (sequence === 0) lastMsecs += 1;
  }
  return v7({ random, msecs: lastMsecs, seq: sequence });
}
