#ifndef ADAPTIVE_ASSETS_CPNG_SUPPORT_H
#define ADAPTIVE_ASSETS_CPNG_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// The outcome of a full decode of a PNG held in memory.
typedef enum {
    ADAPT_PNG_DECODED = 0,
    /// libpng reported an error (corrupt data, CRC, truncation...); see `message`.
    ADAPT_PNG_FAILED = 1,
    /// The image claims more pixels than the caller allowed; nothing was decoded.
    ADAPT_PNG_TOO_LARGE = 2,
} adapt_png_status;

typedef struct {
    adapt_png_status status;
    uint32_t width;
    uint32_t height;
    /// The first error, or the first warning when the decode succeeded with warnings.
    char message[256];
    /// Number of warnings libpng reported (e.g. "Extra compressed data").
    int warning_count;
    char warning[256];
} adapt_png_decode_result;

/// The full check of a PNG held in memory: libpng reads and checks every chunk except the image
/// data, which is inflated and held to the image's row layout (filter types, exact amount,
/// nothing after the stream, Adler-32) without undoing the filters, which cannot fail. Palette
/// images whose palette is smaller than their bit depth can index take the row decode below,
/// since only unfiltered rows show an index past the palette.
///
/// libpng reports errors with longjmp, which Swift cannot survive: this function owns the
/// jump buffer, so a corrupt file returns ADAPT_PNG_FAILED with libpng's message and never
/// aborts the process. Chunk CRCs are not re-checked here (the caller's chunk walk does that).
/// The caller's walk must have found the chunks well formed (IDAT chunks consecutive).
adapt_png_decode_result adapt_png_decode(const uint8_t *bytes, size_t length, uint64_t max_pixels);

/// Decodes every row of a PNG from memory with libpng (inflating and unfiltering), without
/// keeping the pixels. Same contract as `adapt_png_decode`, at about 1.7 times its cost on real
/// images; it is the reference the faster check is tested against.
adapt_png_decode_result adapt_png_decode_rows(const uint8_t *bytes, size_t length, uint64_t max_pixels);

/// What the pixels of a PNG say about its transparency.
typedef enum {
    /// No alpha channel and no tRNS chunk: every pixel is opaque by construction.
    ADAPT_OPACITY_NO_ALPHA = 0,
    /// An alpha channel or tRNS, but every pixel is fully opaque.
    ADAPT_OPACITY_OPAQUE = 1,
    /// At least one pixel is not fully opaque; `x`, `y` and `alpha` name the first one.
    ADAPT_OPACITY_TRANSLUCENT = 2,
    /// The image could not be decoded; see `message`.
    ADAPT_OPACITY_FAILED = 3,
} adapt_png_opacity_status;

typedef struct {
    adapt_png_opacity_status status;
    /// The first pixel that is not fully opaque (interlaced images: the first in pass order).
    uint32_t x;
    uint32_t y;
    uint32_t alpha;
    /// The alpha of a fully opaque pixel at the image's depth (255 or 65535).
    uint32_t max_alpha;
    char message[256];
} adapt_png_opacity_result;

/// Decodes a PNG from memory row by row (one row of memory, whatever the image size) and tells
/// whether any pixel is less than fully opaque, counting an alpha channel, palette alpha and a
/// tRNS colour key, at 8 and 16 bits.
adapt_png_opacity_result adapt_png_opacity(const uint8_t *bytes, size_t length, uint64_t max_pixels);

/// zlib's CRC-32 of `length` bytes, continuing from `crc` (start with 0).
uint32_t adapt_crc32(uint32_t crc, const uint8_t *bytes, size_t length);

/// Inflates a zlib stream (as in iCCP) into `output`, at most `capacity` bytes.
/// Returns the number of bytes written, or -1 when the stream is corrupt.
long adapt_inflate(const uint8_t *input, size_t length, uint8_t *output, size_t capacity);

#include "Thumbnail.h"   // thumbnails for adapt report (Thumbnail.c)
#include "Inflate.h"     // bounded inflate for compiled catalogs (Inflate.c, issue #21)
#include "PNGEncode.h"   // PNGs for adapt extract (PNGEncode.c, issue #21)
#include "PNGDecode.h"   // premultiplied BGRA pixels for adapt compile (PNGDecode.c, issue #27)

#endif
