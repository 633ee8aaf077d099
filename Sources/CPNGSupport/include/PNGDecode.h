#ifndef ADAPTIVE_ASSETS_PNG_DECODE_H
#define ADAPTIVE_ASSETS_PNG_DECODE_H

#include <stddef.h>
#include <stdint.h>

/// A PNG decoded to CoreUI's bitmap layout: 8-bit B G R A in memory, colour premultiplied by alpha,
/// rows of `width * 4` bytes.
typedef struct {
    /// 0 decoded; 1 libpng refused the file (see `message`); 2 more pixels than allowed; 3 out of memory.
    int status;
    uint32_t width;
    uint32_t height;
    /// Whether the file has an alpha channel or transparency (tRNS), whatever its pixels hold.
    int has_alpha;
    /// Whether every decoded pixel is fully opaque.
    int is_opaque;
    /// malloc'd (free with adapt_png_decoded_free); NULL unless status is 0.
    uint8_t *pixels;
    char message[256];
} adapt_png_decoded;

/// Decodes a PNG held in memory with libpng's simplified API (which owns its setjmp, so a corrupt
/// file returns status 1 with libpng's message and never aborts), converting any bit depth, palette
/// or grey to 8-bit sRGB BGRA and premultiplying colour by alpha, as `adapt compile` stores bitmaps.
/// An image of more than `max_pixels` pixels is refused before anything is allocated.
adapt_png_decoded adapt_png_decode_premultiplied_bgra(const uint8_t *bytes, size_t length, uint64_t max_pixels);

void adapt_png_decoded_free(uint8_t *pixels);

#endif
