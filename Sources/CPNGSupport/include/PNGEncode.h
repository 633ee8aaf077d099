#ifndef ADAPTIVE_ASSETS_PNG_ENCODE_H
#define ADAPTIVE_ASSETS_PNG_ENCODE_H

#include <stddef.h>
#include <stdint.h>

/// Encodes 8-bit pixels as a PNG with libpng's simplified API (which owns its own setjmp, so a
/// failure returns 0 and never aborts). `channels` is 4 for straight (not premultiplied) RGBA, 3 for RGB,
/// 2 for grey + alpha, 1 for grey. Rows are `row_bytes` apart. On success *png is malloc'd
/// (free with adapt_png_encode_free) and *png_length set; returns 1. (adapt extract, issue #21.)
int adapt_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes, int channels,
                     uint8_t **png, size_t *png_length);

/// adapt_png_encode at zlib compression `level` (0 to 9; -1 is adapt_png_encode itself, zlib's
/// default through the simplified API). The same chunks (IHDR, sRGB, IDAT, IEND) and per-row filter
/// choice; a low level bounds the time on pixels that do not compress, whose matching at the default
/// level costs up to five times as much (adapt extract, issue 35).
int adapt_png_encode_level(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes, int channels, int level,
                           uint8_t **png, size_t *png_length);

void adapt_png_encode_free(uint8_t *png);

/// Encodes 16-bit straight RGBA in Display P3 as a PNG (libpng's full API under its own setjmp,
/// so a failure returns 0 and never aborts): `rgba` holds `width * height * 4` big-endian
/// samples, as PNG stores them. The file says its colour space three ways: a `cICP` chunk
/// (Display P3 primaries, the sRGB transfer), and for readers that predate it `cHRM` with P3's
/// primaries and `gAMA` 1/2.2. On success *png is malloc'd (free with adapt_png_encode_free).
int adapt_png_encode_rgba16_display_p3(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **png, size_t *png_length);

#endif
