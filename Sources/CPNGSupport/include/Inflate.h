#ifndef ADAPTIVE_ASSETS_INFLATE_H
#define ADAPTIVE_ASSETS_INFLATE_H

#include <stddef.h>
#include <stdint.h>

/// The outcome of a bounded inflate (CoreUI "zip" renditions, issue #21).
typedef enum {
    /// The stream ended; `produced` bytes were written.
    ADAPT_INFLATE_OK = 0,
    /// zlib rejected the data (bad header, bad code, checksum); see `message`.
    ADAPT_INFLATE_CORRUPT = 1,
    /// The input ended before the stream did.
    ADAPT_INFLATE_TRUNCATED = 2,
    /// The stream would write more than `capacity` bytes; nothing past it was kept.
    ADAPT_INFLATE_TOO_LARGE = 3,
} adapt_inflate_status;

typedef struct {
    adapt_inflate_status status;
    /// Bytes written to `output`.
    size_t produced;
    /// Bytes of input read, so a corrupt stream can be located.
    size_t consumed;
    char message[128];
} adapt_inflate_result;

/// Inflates `input` into `output`, never writing more than `capacity` bytes, and says whether the
/// stream ended, was cut short, was corrupt, or wanted more room than the caller allowed.
/// `window_bits` is zlib's: 15 for a zlib stream, -15 for raw deflate, 31 for gzip.
adapt_inflate_result adapt_inflate_bounded(const uint8_t *input, size_t length, int window_bits,
                                           uint8_t *output, size_t capacity);

#endif
