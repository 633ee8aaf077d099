#include "CPNGSupport.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    const uint8_t *bytes;
    size_t length;
    size_t offset;
    adapt_png_decode_result *result;
} reader_state;

static void copy_message(char *destination, const char *message) {
    strncpy(destination, message ? message : "unknown libpng error", 255);
    destination[255] = '\0';
}

static void on_error(png_structp png, png_const_charp message) {
    reader_state *state = (reader_state *)png_get_error_ptr(png);
    copy_message(state->result->message, message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    reader_state *state = (reader_state *)png_get_error_ptr(png);
    if (state->result->warning_count++ == 0) copy_message(state->result->warning, message);
}

static void read_from_memory(png_structp png, png_bytep out, size_t count) {
    reader_state *state = (reader_state *)png_get_io_ptr(png);
    if (count > state->length - state->offset) {
        png_error(png, "file ends before the image data does (truncated)");
    }
    memcpy(out, state->bytes + state->offset, count);
    state->offset += count;
}

adapt_png_decode_result adapt_png_decode(const uint8_t *bytes, size_t length, uint64_t max_pixels) {
    adapt_png_decode_result result;
    memset(&result, 0, sizeof result);
    reader_state state = {bytes, length, 0, &result};

    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (!png) {
        result.status = ADAPT_PNG_FAILED;
        copy_message(result.message, "out of memory creating the libpng reader");
        return result;
    }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        if (result.status == ADAPT_PNG_DECODED) result.status = ADAPT_PNG_FAILED;
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return result;
    }
    png_set_read_fn(png, &state, read_from_memory);
    /* Our own chunk walk verifies every CRC; don't pay for it twice. */
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
    /* Every chunk, known or not, is handled by libpng's rules; keep unknown ancillary ones quietly. */
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
#ifdef PNG_SET_CHUNK_MALLOC_LIMIT_SUPPORTED
    png_set_chunk_malloc_max(png, 64u << 20);
#endif
    png_read_info(png, info);
    result.width = png_get_image_width(png, info);
    result.height = png_get_image_height(png, info);
    if ((uint64_t)result.width * (uint64_t)result.height > max_pixels) {
        result.status = ADAPT_PNG_TOO_LARGE;
        png_destroy_read_struct(&png, &info, NULL);
        return result;
    }
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    /* No row buffer: libpng inflates and unfilters every row (what a decode checks) and, given
       NULL, skips copying the pixels out. */
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < result.height; y++) png_read_row(png, NULL, NULL);
    }
    /* Reads the chunks after the image data, checking there is no extra image data. */
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    result.status = ADAPT_PNG_DECODED;
    return result;
}

/* Row-by-row opacity scan. Every colour type is expanded to samples with an alpha channel when
   it has any transparency at all (palette entries through tRNS, a tRNS colour key on grey or RGB),
   so one test covers them all: the alpha sample of each pixel is the maximum for its bit depth. */
adapt_png_opacity_result adapt_png_opacity(const uint8_t *bytes, size_t length, uint64_t max_pixels) {
    adapt_png_opacity_result result;
    memset(&result, 0, sizeof result);
    adapt_png_decode_result messages;
    memset(&messages, 0, sizeof messages);
    reader_state state = {bytes, length, 0, &messages};
    /* volatile: both are changed after setjmp and read after a longjmp back to it. */
    uint8_t *volatile row = NULL;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (!png) {
        result.status = ADAPT_OPACITY_FAILED;
        copy_message(result.message, "out of memory creating the libpng reader");
        return result;
    }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        result.status = ADAPT_OPACITY_FAILED;
        copy_message(result.message, messages.message);
        free(row);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return result;
    }
    png_set_read_fn(png, &state, read_from_memory);
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
#ifdef PNG_SET_CHUNK_MALLOC_LIMIT_SUPPORTED
    png_set_chunk_malloc_max(png, 64u << 20);
#endif
    png_read_info(png, info);
    uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if ((uint64_t)width * (uint64_t)height > max_pixels) {
        result.status = ADAPT_OPACITY_FAILED;
        copy_message(result.message, "over the pixel limit: not decoded");
        png_destroy_read_struct(&png, &info, NULL);
        return result;
    }
    int color_type = png_get_color_type(png, info);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !has_trns) {
        result.status = ADAPT_OPACITY_NO_ALPHA;
        png_destroy_read_struct(&png, &info, NULL);
        return result;
    }
    /* Palette to RGB, tRNS to a full alpha channel, low-bit grey to 8 bits; 16 bits stay 16. */
    png_set_expand(png);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t channels = png_get_channels(png, info);
    size_t sample_bytes = png_get_bit_depth(png, info) == 16 ? 2 : 1;
    size_t row_bytes = png_get_rowbytes(png, info);
    row = malloc(row_bytes);
    if (!row) png_error(png, "out of memory for one row");
    unsigned opaque = sample_bytes == 2 ? 0xFFFFu : 0xFFu;
    result.status = ADAPT_OPACITY_OPAQUE;
    for (int pass = 0; pass < passes && result.status == ADAPT_OPACITY_OPAQUE; pass++) {
        for (uint32_t y = 0; y < height && result.status == ADAPT_OPACITY_OPAQUE; y++) {
            /* An interlaced pass writes only its own pixels into the row; the rest stay opaque
               filler, so every pixel is tested exactly once, in the pass that carries it. */
            memset(row, 0xFF, row_bytes);
            png_read_row(png, row, NULL);
            for (uint32_t x = 0; x < width; x++) {
                const uint8_t *alpha = row + (x * channels + channels - 1) * sample_bytes;
                unsigned value = sample_bytes == 2 ? (unsigned)alpha[0] << 8 | alpha[1] : alpha[0];
                if (value != opaque) {
                    /* The first one is enough to decide; the rest of the file is not read. */
                    result.status = ADAPT_OPACITY_TRANSLUCENT;
                    result.x = x;
                    result.y = y;
                    result.alpha = value;
                    break;
                }
            }
        }
    }
    result.max_alpha = opaque;
    free(row);
    row = NULL;
    png_destroy_read_struct(&png, &info, NULL);
    return result;
}

uint32_t adapt_crc32(uint32_t crc, const uint8_t *bytes, size_t length) {
    while (length > 0) {
        uInt chunk = length > 0x40000000u ? 0x40000000u : (uInt)length;
        crc = (uint32_t)crc32(crc, bytes, chunk);
        bytes += chunk;
        length -= chunk;
    }
    return crc;
}

long adapt_inflate(const uint8_t *input, size_t length, uint8_t *output, size_t capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return -1;
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int status = inflate(&stream, Z_FINISH);
    long produced = (long)stream.total_out;
    inflateEnd(&stream);
    /* A profile larger than the buffer is cut short; what was produced is still usable. */
    if (status == Z_STREAM_END || (status == Z_BUF_ERROR && stream.avail_out == 0)) return produced;
    return -1;
}
