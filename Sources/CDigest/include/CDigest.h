#ifndef ADAPTIVE_ASSETS_CDIGEST_H
#define ADAPTIVE_ASSETS_CDIGEST_H

#include <stddef.h>
#include <stdint.h>

/// SHA-256 (FIPS 180-4) of `length` bytes at `data`, written to `digest` (32 bytes).
///
/// In C because it runs over every byte of every rendition when `adapt inspect --format json`
/// prints assetutil's `SHA1Digest` (a SHA-256, despite its name): on an x86-64 processor with the
/// SHA extensions (every one since 2016-2019) it uses them, several times as fast as a portable
/// loop; elsewhere it runs the portable loop. Both are checked against the standard's vectors
/// (`SHA256DigestTests`), the portable one through `adapt_sha256_portable`.
void adapt_sha256(const void *data, size_t length, uint8_t digest[32]);

/// Compresses `blocks` whole 64-byte blocks at `data` into `state` (eight words, initialised by the
/// caller), on the SHA extensions where the processor has them: what an incremental hasher (the
/// package's `SHA256`) feeds as input arrives, adding its own padding at the end.
void adapt_sha256_blocks(uint32_t state[8], const void *data, size_t blocks);

/// The portable loop, whatever the processor: for the tests, so that both paths are checked.
void adapt_sha256_portable(const void *data, size_t length, uint8_t digest[32]);

#endif
