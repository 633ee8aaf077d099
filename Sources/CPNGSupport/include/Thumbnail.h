#ifndef ADAPTIVE_ASSETS_THUMBNAIL_H
#define ADAPTIVE_ASSETS_THUMBNAIL_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    ADAPT_THUMBNAIL_OK = 0,
    /// libpng could not decode the file (corrupt, CgBI, not a PNG); see `message`.
    ADAPT_THUMBNAIL_FAILED = 1,
    /// The image claims more pixels than the caller allowed; nothing was decoded.
    ADAPT_THUMBNAIL_TOO_LARGE = 2,
} adapt_thumbnail_status;

typedef struct {
    adapt_thumbnail_status status;
    /// The source image's size in pixels (set whenever the header could be read).
    uint32_t width;
    uint32_t height;
    /// The thumbnail's size in pixels.
    uint32_t thumbnail_width;
    uint32_t thumbnail_height;
    /// The thumbnail as an 8-bit RGBA PNG (malloc'd; free with adapt_thumbnail_free), or NULL.
    uint8_t *png;
    size_t png_length;
    char message[256];
} adapt_thumbnail_result;

/// Decodes a PNG held in memory with libpng's simplified API (which owns its own setjmp, so a
/// corrupt file returns ADAPT_THUMBNAIL_FAILED and never aborts), box-filters it (with
/// premultiplied alpha, so transparent pixels do not darken edges) so that neither side exceeds
/// `max_side`, and encodes the result as a PNG. An image already small enough is re-encoded as it is.
adapt_thumbnail_result adapt_png_thumbnail(const uint8_t *bytes, size_t length, uint32_t max_side, uint64_t max_pixels);

void adapt_thumbnail_free(uint8_t *png);

/// Decodes a PNG to 8-bit RGBA (malloc'd into *pixels; free with adapt_thumbnail_free).
/// Returns ADAPT_THUMBNAIL_OK, or FAILED / TOO_LARGE with nothing allocated.
adapt_thumbnail_status adapt_png_rgba(const uint8_t *bytes, size_t length, uint64_t max_pixels,
                                      uint8_t **pixels, uint32_t *width, uint32_t *height);

#endif
