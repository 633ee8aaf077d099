/*
 * png-floor: the per-core cost floor of a full PNG check, for Scripts/benchmark-png.
 *
 * `adapt png` runs its chunk walk in Swift and decodes with libpng. To tell how much of its time
 * is ours and how much is the libraries' own work, this program does the least each kind of
 * check can do, in plain C, on one thread:
 *
 *   png-floor inflate FILE...   verify every chunk CRC, then inflate the IDAT stream into a large
 *                               buffer, Adler-32 included: what pngcheck does, and the least any
 *                               check that reads the image data can do with zlib.
 *   png-floor libpng FILE...    verify every chunk CRC, then decode every row with libpng: the
 *                               least a check that decodes through libpng can do.
 *
 * It prints how many files failed. It is a measuring tool, not a checker: it stops at the first
 * problem in a file and reports nothing else.
 */
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static uint32_t read_be32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/* Calls `visit` for every chunk; returns 0 when every CRC matches and the chunks fit the file. */
typedef int (*chunk_visitor)(const uint8_t *type, const uint8_t *data, uint32_t length, void *context);

static int walk_chunks(const uint8_t *file, size_t size, chunk_visitor visit, void *context) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (size < 8 || memcmp(file, signature, 8) != 0) return -1;
    size_t offset = 8;
    while (offset + 12 <= size) {
        uint32_t length = read_be32(file + offset);
        if (length > size - offset - 12) return -1;
        const uint8_t *type = file + offset + 4;
        if ((uint32_t)crc32(0, type, length + 4) != read_be32(type + 4 + length)) return -1;
        if (visit && visit(type, type + 4, length, context) != 0) return -1;
        offset += 12 + (size_t)length;
        if (memcmp(type, "IEND", 4) == 0) return 0;
    }
    return -1;
}

/* --- inflate: zlib with a large output buffer, as pngcheck drives it --- */

typedef struct {
    z_stream stream;
    int status;
    uint8_t *scratch;
    size_t scratch_size;
} inflate_context;

static int inflate_chunk(const uint8_t *type, const uint8_t *data, uint32_t length, void *context) {
    if (memcmp(type, "IDAT", 4) != 0) return 0;
    inflate_context *state = context;
    state->stream.next_in = (Bytef *)data;
    state->stream.avail_in = length;
    while (state->stream.avail_in > 0 && state->status == Z_OK) {
        state->stream.next_out = state->scratch;
        state->stream.avail_out = (uInt)state->scratch_size;
        state->status = inflate(&state->stream, Z_NO_FLUSH);
    }
    return state->status == Z_OK || state->status == Z_STREAM_END ? 0 : -1;
}

static int check_with_inflate(const uint8_t *file, size_t size, uint8_t *scratch, size_t scratch_size) {
    inflate_context state;
    memset(&state, 0, sizeof state);
    state.scratch = scratch;
    state.scratch_size = scratch_size;
    if (inflateInit(&state.stream) != Z_OK) return -1;
    state.status = Z_OK;
    int walked = walk_chunks(file, size, inflate_chunk, &state);
    inflateEnd(&state.stream);
    return walked == 0 && state.status == Z_STREAM_END ? 0 : -1;
}

/* --- libpng: every row, no pixels kept, as adapt's decode does --- */

typedef struct {
    const uint8_t *file;
    size_t size;
    size_t offset;
} memory_reader;

static void read_memory(png_structp png, png_bytep out, size_t count) {
    memory_reader *reader = png_get_io_ptr(png);
    if (count > reader->size - reader->offset) png_error(png, "truncated");
    memcpy(out, reader->file + reader->offset, count);
    reader->offset += count;
}

static void quiet_error(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static void quiet_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static int check_with_libpng(const uint8_t *file, size_t size) {
    if (walk_chunks(file, size, NULL, NULL) != 0) return -1;
    memory_reader reader = {file, size, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, quiet_error, quiet_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) return -1;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_set_read_fn(png, &reader, read_memory);
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE); /* the walk checked them */
    png_read_info(png, info);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    uint32_t height = png_get_image_height(png, info);
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t row = 0; row < height; row++) png_read_row(png, NULL, NULL);
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

static uint8_t *read_whole_file(const char *path, size_t *size) {
    FILE *handle = fopen(path, "rb");
    if (!handle) return NULL;
    uint8_t *bytes = NULL;
    if (fseek(handle, 0, SEEK_END) == 0) {
        long end = ftell(handle);
        rewind(handle);
        bytes = end >= 0 ? malloc(end > 0 ? (size_t)end : 1) : NULL;
        if (bytes && fread(bytes, 1, (size_t)end, handle) != (size_t)end) {
            free(bytes);
            bytes = NULL;
        }
        *size = (size_t)end;
    }
    fclose(handle);
    return bytes;
}

int main(int argc, char **argv) {
    int use_libpng = argc > 1 && strcmp(argv[1], "libpng") == 0;
    if (argc < 3 || (!use_libpng && strcmp(argv[1], "inflate") != 0)) {
        fprintf(stderr, "usage: png-floor inflate|libpng FILE...\n");
        return 2;
    }
    size_t scratch_size = 256 * 1024;
    uint8_t *scratch = malloc(scratch_size);
    int failed = 0;
    for (int index = 2; index < argc; index++) {
        size_t size = 0;
        uint8_t *file = read_whole_file(argv[index], &size);
        int outcome = !file ? -1
            : use_libpng ? check_with_libpng(file, size)
                         : check_with_inflate(file, size, scratch, scratch_size);
        if (outcome != 0) failed++;
        free(file);
    }
    free(scratch);
    printf("%d of %d files failed\n", failed, argc - 2);
    return failed ? 1 : 0;
}
