#include "PNGEncode.h"

#include <limits.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

/* A growing buffer for libpng's write callback. */
typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
    int failed;
} adapt_png_sink;

static int adapt_png_encode_at_level(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes, int channels,
                                     int level, uint8_t **png, size_t *png_length);

int adapt_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes, int channels,
                     uint8_t **png, size_t *png_length) {
    return adapt_png_encode_level(pixels, width, height, row_bytes, channels, -1, png, png_length);
}

int adapt_png_encode_level(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes, int channels, int level,
                           uint8_t **png, size_t *png_length) {
    *png = NULL;
    *png_length = 0;
    if (width == 0 || height == 0 || row_bytes > INT_MAX) return 0;
    if (level > 9) return 0;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    switch (channels) {
    case 4: image.format = PNG_FORMAT_RGBA; break;
    case 3: image.format = PNG_FORMAT_RGB; break;
    case 2: image.format = PNG_FORMAT_GA; break;
    case 1: image.format = PNG_FORMAT_GRAY; break;
    default: return 0;
    }
    if (row_bytes < (size_t)width * (size_t)channels) return 0;
    if (level >= 0) return adapt_png_encode_at_level(pixels, width, height, row_bytes, channels, level, png, png_length);
    /* One pass into a buffer of the largest size the PNG can have (libpng's bound, from zlib's):
       compressing once rather than once to size the file and again to write it halves the time,
       and the bytes are the same. The buffer is virtual memory; only the pages written are touched. */
    png_alloc_size_t pixel_bytes = (png_alloc_size_t)width * height * (png_alloc_size_t)channels;
    if (pixel_bytes / height / channels != width || pixel_bytes > (SIZE_MAX - 4096) / 2) return 0;
    png_alloc_size_t size = PNG_IMAGE_PNG_SIZE_MAX(image);
    uint8_t *buffer = malloc(size);
    if (buffer == NULL) return 0;
    if (!png_image_write_to_memory(&image, buffer, &size, 0, pixels, (png_int_32)row_bytes, NULL)) {
        free(buffer);
        png_image_free(&image);
        return 0;
    }
    /* Give back the unused tail (shrinking keeps the bytes; a failed shrink keeps the buffer). */
    uint8_t *shrunk = realloc(buffer, size);
    *png = shrunk != NULL ? shrunk : buffer;
    *png_length = size;
    return 1;
}

void adapt_png_encode_free(uint8_t *png) { free(png); }

static void adapt_png_sink_write(png_structp png, png_bytep data, png_size_t length) {
    adapt_png_sink *sink = png_get_io_ptr(png);
    if (sink->failed) return;
    if (length > SIZE_MAX - sink->length) { sink->failed = 1; return; }
    if (sink->length + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 4096;
        while (capacity < sink->length + length) {
            if (capacity > SIZE_MAX / 2) { sink->failed = 1; return; }
            capacity *= 2;
        }
        uint8_t *grown = realloc(sink->bytes, capacity);
        if (grown == NULL) { sink->failed = 1; return; }
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->length, data, length);
    sink->length += length;
}

static void adapt_png_sink_flush(png_structp png) { (void)png; }

int adapt_png_encode_rgba16_display_p3(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **png_out, size_t *png_length) {
    *png_out = NULL;
    *png_length = 0;
    if (width == 0 || height == 0 || width > PNG_UINT_31_MAX / 8 || height > PNG_UINT_31_MAX) return 0;
    adapt_png_sink sink = {NULL, 0, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (png == NULL) return 0;
    png_infop info = png_create_info_struct(png);
    /* volatile: read after a longjmp. */
    png_bytep *volatile rows = NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free((void *)rows);
        free(sink.bytes);
        return 0;
    }
    png_set_write_fn(png, &sink, adapt_png_sink_write, adapt_png_sink_flush);
    png_set_IHDR(png, info, width, height, 16, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    /* Display P3: D65 white, P3 primaries; the sRGB curve, which gAMA can only approximate. */
    png_set_cHRM(png, info, 0.3127, 0.3290, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060);
    png_set_gAMA(png, info, 1.0 / 2.2);
    png_write_info(png, info);
    /* cICP: colour primaries 12 (P3-D65), transfer 13 (sRGB), matrix 0 (RGB), full range. Written
       by hand so any libpng writes it; it must precede the image data, as it does here. */
    static const png_byte cicp_name[5] = {'c', 'I', 'C', 'P', '\0'};
    static const png_byte cicp[4] = {12, 13, 0, 1};
    png_write_chunk(png, cicp_name, cicp, sizeof cicp);
    rows = malloc(sizeof(png_bytep) * height);
    if (rows == NULL) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * width * 8);
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free((void *)rows);
    if (sink.failed) {
        free(sink.bytes);
        return 0;
    }
    *png_out = sink.bytes;
    *png_length = sink.length;
    return 1;
}

/* The chunks png_image_write_to_memory writes for 8-bit sRGB (IHDR, sRGB, IDAT, IEND) with the
   same filters (libpng's adaptive choice per row), at zlib `level`. */
static int adapt_png_encode_at_level(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes, int channels,
                                     int level, uint8_t **png_out, size_t *png_length) {
    static const int color_types[5] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
    if (width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX) return 0;
    adapt_png_sink sink = {NULL, 0, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (png == NULL) return 0;
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(sink.bytes);
        return 0;
    }
    png_set_write_fn(png, &sink, adapt_png_sink_write, adapt_png_sink_flush);
    png_set_IHDR(png, info, width, height, 8, color_types[channels], PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_level(png, level);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * row_bytes);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (sink.failed) {
        free(sink.bytes);
        return 0;
    }
    *png_out = sink.bytes;
    *png_length = sink.length;
    return 1;
}
