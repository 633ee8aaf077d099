#include "CPNGSupport.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    const uint8_t *bytes;
    size_t length;
    size_t offset;
    adapt_png_decode_result *result;
    /* A run of the file libpng never sees: reading at skip_from continues at skip_to. */
    size_t skip_from;
    size_t skip_to;
    /* Set while libpng reads the rows: see on_warning. */
    int reading_rows;
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

/* libpng inflates only as much image data as the rows need. When the end of the zlib stream
   (its Adler-32 above all) is read after the last row's data, which depends on where chunk
   boundaries and libpng's reads fall, libpng checks it in png_read_finish_IDAT with no output
   buffer and reports a zlib failure there through png_chunk_benign_error: a warning on read, by
   default. A damaged stream is an error wherever it shows, so while the rows are read a warning
   that is not one of libpng's own two about the amount of data is a zlib failure, and is raised
   as the error libpng reports for it inside a row ("IDAT: incorrect data check"). Turning benign
   errors off instead would also make the chunks after the image data fatal. */
static int is_zlib_failure(const char *message) {
    return message && strncmp(message, "IDAT: ", 6) == 0 && !strstr(message, "Extra compressed data")
        && !strstr(message, "Too much image data");
}

static void on_warning(png_structp png, png_const_charp message) {
    reader_state *state = (reader_state *)png_get_error_ptr(png);
    if (state->reading_rows && is_zlib_failure(message)) png_error(png, message);
    if (state->result->warning_count++ == 0) copy_message(state->result->warning, message);
}

static void read_from_memory(png_structp png, png_bytep out, size_t count) {
    reader_state *state = (reader_state *)png_get_io_ptr(png);
    if (state->offset == state->skip_from && state->skip_to > state->skip_from) state->offset = state->skip_to;
    if (count > state->length - state->offset) {
        png_error(png, "file ends before the image data does (truncated)");
    }
    memcpy(out, state->bytes + state->offset, count);
    state->offset += count;
}

adapt_png_decode_result adapt_png_decode_rows(const uint8_t *bytes, size_t length, uint64_t max_pixels) {
    adapt_png_decode_result result;
    memset(&result, 0, sizeof result);
    reader_state state = {bytes, length, 0, &result, 0, 0, 0};

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
    state.reading_rows = 1;
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < result.height; y++) png_read_row(png, NULL, NULL);
    }
    state.reading_rows = 0;
    /* Reads the chunks after the image data, checking there is no extra image data. */
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    result.status = ADAPT_PNG_DECODED;
    return result;
}

static uint32_t be32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/* Where the image data is: the first run of consecutive IDAT chunks, and the header fields the
   check needs. The Swift chunk walk has already verified the structure; this only locates. */
typedef struct {
    uint32_t width, height;
    uint8_t bit_depth, color_type, interlaced;
    uint32_t palette_entries;
    size_t first_idat;     /* offset of the first IDAT chunk */
    size_t after_idats;    /* offset just past the last IDAT of the run */
} png_layout;

static int locate(const uint8_t *bytes, size_t length, png_layout *layout) {
    memset(layout, 0, sizeof *layout);
    size_t offset = 8;
    int in_run = 0;
    while (offset + 12 <= length) {
        uint32_t size = be32(bytes + offset);
        if (size > length - offset - 12) return 0;
        const uint8_t *type = bytes + offset + 4;
        if (memcmp(type, "IHDR", 4) == 0 && size == 13) {
            layout->width = be32(type + 4);
            layout->height = be32(type + 8);
            layout->bit_depth = type[12];
            layout->color_type = type[13];
            layout->interlaced = type[16];
        } else if (memcmp(type, "PLTE", 4) == 0) {
            layout->palette_entries = size / 3;
        } else if (memcmp(type, "IDAT", 4) == 0) {
            if (!layout->first_idat) layout->first_idat = offset;
            in_run = 1;
        } else if (in_run) {
            break;
        }
        offset += 12 + (size_t)size;
        if (in_run) layout->after_idats = offset;
    }
    return layout->first_idat != 0;
}

/* The image data check without unfiltering: inflate every IDAT byte, then hold the result to the
   image's row layout (each pass of an interlaced image too): every row starts with a filter type
   0 to 4, the stream holds exactly the rows the header promises, nothing follows it, and its
   Adler-32 matches. That is everything a libpng row decode can find wrong with image data;
   undoing the filters is arithmetic that cannot fail, and on real images (mostly Paeth-filtered)
   it is about 40% of a decode's instructions. Messages are libpng's, so codes stay the same. */
static void check_image_data(const uint8_t *bytes, const png_layout *layout, adapt_png_decode_result *result) {
    static const uint8_t channels_of[7] = {1, 0, 3, 1, 2, 0, 4};
    static const uint8_t adam7[7][4] = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};
    uint64_t bits_per_pixel = (uint64_t)channels_of[layout->color_type % 7] * layout->bit_depth;
    int passes = layout->interlaced ? 7 : 1;
    int pass = -1;
    uint64_t rows_left = 0, row_bytes = 0, row_left = 0;
    /* Moves to the next non-empty pass; returns 0 when the image is complete. */
    #define NEXT_PASS() do { \
        rows_left = 0; \
        while (rows_left == 0 && ++pass < passes) { \
            uint64_t x0 = layout->interlaced ? adam7[pass][0] : 0, y0 = layout->interlaced ? adam7[pass][1] : 0; \
            uint64_t dx = layout->interlaced ? adam7[pass][2] : 1, dy = layout->interlaced ? adam7[pass][3] : 1; \
            uint64_t pass_width = layout->width > x0 ? (layout->width - x0 + dx - 1) / dx : 0; \
            uint64_t pass_height = layout->height > y0 ? (layout->height - y0 + dy - 1) / dy : 0; \
            if (pass_width == 0) pass_height = 0; \
            rows_left = pass_height; \
            row_bytes = 1 + (pass_width * bits_per_pixel + 7) / 8; \
        } \
    } while (0)
    NEXT_PASS();
    int complete = rows_left == 0;

    z_stream stream;
    memset(&stream, 0, sizeof stream);
    /* Window size from the stream's own header, as libpng does: a distance past it is an error. */
    if (inflateInit2(&stream, 0) != Z_OK) {
        result->status = ADAPT_PNG_FAILED;
        copy_message(result->message, "out of memory for zlib");
        return;
    }
    uint8_t out[32 * 1024];
    size_t chunk = layout->first_idat;
    const char *error = NULL, *warning = NULL;
    int ended = 0;
    while (!error) {
        if (stream.avail_in == 0) {
            if (ended) break;
            if (chunk >= layout->after_idats) {
                /* No more image data and the stream has not ended. */
                error = "Not enough image data";
                break;
            }
            uint32_t size = be32(bytes + chunk);
            stream.next_in = (Bytef *)(bytes + chunk + 8);
            stream.avail_in = size;
            chunk += 12 + (size_t)size;
            continue;
        }
        if (ended) {
            warning = "Extra compressed data";
            break;
        }
        stream.next_out = out;
        stream.avail_out = sizeof out;
        int status = inflate(&stream, Z_NO_FLUSH);
        size_t produced = sizeof out - stream.avail_out;
        const uint8_t *p = out, *end = out + produced;
        while (p < end) {
            if (complete) {
                warning = "Too much image data";
                break;
            }
            if (row_left == 0) {
                if (*p > 4) { error = "bad adaptive filter value"; break; }
                row_left = row_bytes;
            }
            size_t take = (size_t)(row_left < (uint64_t)(end - p) ? row_left : (uint64_t)(end - p));
            p += take;
            row_left -= take;
            if (row_left == 0 && --rows_left == 0) {
                NEXT_PASS();
                complete = rows_left == 0;
            }
        }
        if (error || warning) break;
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
            /* libpng reports zlib's own words, prefixed with the chunk. A damaged stream is an
               error wherever it shows: libpng only warns when the bad Adler-32 happens to be read
               after the last row's input slice, which depends on how its 8 KB reads fall. */
            static __thread char message[256];
            snprintf(message, sizeof message, "IDAT: %s", stream.msg ? stream.msg : "zlib error");
            error = message;
            break;
        }
        if (status == Z_STREAM_END) {
            ended = 1;
            if (!complete) error = "Not enough image data";
            /* Anything left in this chunk or in a further IDAT is extra. */
            else if (stream.avail_in == 0) {
                while (chunk < layout->after_idats && be32(bytes + chunk) == 0) chunk += 12;
                if (chunk < layout->after_idats) warning = "Extra compressed data";
                break;
            }
        } else if (status == Z_BUF_ERROR && stream.avail_in != 0 && produced == 0) {
            error = "IDAT: zlib made no progress";
        }
    }
    #undef NEXT_PASS
    inflateEnd(&stream);
    if (error) {
        result->status = ADAPT_PNG_FAILED;
        copy_message(result->message, error);
    } else if (warning) {
        if (result->warning_count++ == 0) copy_message(result->warning, warning);
    }
}

adapt_png_decode_result adapt_png_decode(const uint8_t *bytes, size_t length, uint64_t max_pixels) {
    png_layout layout;
    /* A palette smaller than the bit depth can index: only unfiltered rows tell whether an index
       points past it, which libpng checks while decoding rows. */
    if (!locate(bytes, length, &layout) || layout.color_type > 6
        || (layout.color_type == 3 && layout.bit_depth <= 8 && layout.palette_entries < (1u << layout.bit_depth))) {
        return adapt_png_decode_rows(bytes, length, max_pixels);
    }
    adapt_png_decode_result result;
    memset(&result, 0, sizeof result);
    /* libpng reads every chunk but the image data: the header and colour chunks before it, and
       the chunks after it in png_read_end. It sees the first IDAT as a chunk to keep raw and
       never sees the others (the reader skips them), so it neither inflates nor unfilters. */
    size_t first_end = layout.first_idat + 12 + be32(bytes + layout.first_idat);
    reader_state state = {bytes, length, 0, &result, first_end, layout.after_idats, 0};
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
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    /* A critical chunk handled as unknown must be kept, or libpng rejects it as unhandled. */
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, (png_const_bytep) "IDAT", 1);
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
    check_image_data(bytes, &layout, &result);
    if (result.status == ADAPT_PNG_FAILED) {
        png_destroy_read_struct(&png, &info, NULL);
        return result;
    }
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
    reader_state state = {bytes, length, 0, &messages, 0, 0, 0};
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
